import { describe, expect, it } from 'vitest';
import { formatRating, parseServices, reviewerName, socialUrl } from './format';

describe('partner formatting', () => {
  it('shows the rating to 1 decimal, or New ★ without reviews', () => {
    expect(formatRating(0, 0)).toBe('New ★');
    expect(formatRating(4.25, 4)).toBe('4.3');
    expect(formatRating(5, 1)).toBe('5.0');
    expect(formatRating(3.04, 9)).toBe('3.0');
  });
  it('splits services on commas, trimmed, empties and repeats dropped', () => {
    expect(parseServices(' Balayage ,, cuts,  Colour  correction , balayage,')).toEqual(['Balayage', 'cuts', 'Colour correction']);
    expect(parseServices('')).toEqual([]);
  });
  it('names a reviewer by the display name they chose, else Customer, never by email', () => {
    expect(reviewerName('Dana')).toBe('Dana');
    expect(reviewerName('  ')).toBe('Customer');
    expect(reviewerName(null)).toBe('Customer');
    expect(reviewerName(' dana@example.com ')).toBe('Customer');
    expect(reviewerName('Dana @ Copper & Comb')).toBe('Dana @ Copper & Comb');
  });
  it('turns handles and bare domains into links', () => {
    expect(socialUrl('instagram', '@copper.comb')).toBe('https://instagram.com/copper.comb');
    expect(socialUrl('facebook', 'facebook.com/copper')).toBe('https://facebook.com/copper');
    expect(socialUrl('website', 'copper.example')).toBe('https://copper.example');
    expect(socialUrl('website', 'http://x.example/a')).toBe('http://x.example/a');
    expect(socialUrl('website', ' ')).toBeNull();
  });
});
