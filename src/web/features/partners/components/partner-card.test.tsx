// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PartnerCard as Card } from '@shared/partners/views';
import { PartnerCard } from './partner-card';

afterEach(cleanup);

const card = (over: Partial<Card> = {}): Card => ({
  id: 'p1',
  slug: 'copper-comb',
  businessName: 'Copper & Comb',
  fullName: 'Priya Patel',
  location: 'Brooklyn, NY',
  services: ['Balayage', 'Colour correction', 'Cuts', 'Keratin'],
  isVerified: true,
  annual: false,
  averageRating: 0,
  ratingCount: 0,
  profileImageUrl: null,
  coverImageUrl: null,
  point: null,
  distanceKm: null,
  nextFree: null,
  ...over,
});

const show = (c: Card) =>
  render(
    <MemoryRouter>
      <PartnerCard p={c} />
    </MemoryRouter>,
  );

describe('a directory card', () => {
  it('links to the profile by slug and shows name, place, badge and at most three services', () => {
    show(card());
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/professionals/copper-comb');
    expect(within(link).getByRole('heading', { name: 'Copper & Comb' })).toBeTruthy();
    expect(screen.getByText('Brooklyn, NY')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Services' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Balayage', 'Colour correction', 'Cuts']);
  });

  it('says New ★ before the first review, and the rating to one decimal after', () => {
    show(card());
    expect(screen.getByText('New ★')).toBeTruthy();
    cleanup();
    show(card({ averageRating: 4.66, ratingCount: 3 }));
    expect(screen.getByLabelText('Rated 4.7 out of 5 from 3 reviews')).toBeTruthy();
  });

  it('gives the next free time as the salon’s wall time, whatever zone the visitor is in', () => {
    show(card({ nextFree: { start: '2026-12-01T10:30:00-05:00', timeZone: 'America/New_York', serviceName: 'Balayage' } }));
    expect(screen.getByTestId('next-free').textContent).toBe('Next: Tue 10:30');
  });

  it('falls back to the id when there is no slug yet', () => {
    show(card({ slug: null }));
    expect(screen.getByRole('link').getAttribute('href')).toBe('/professionals/p1');
  });
});
