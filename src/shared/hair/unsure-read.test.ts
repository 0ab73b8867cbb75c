import { describe, expect, it } from 'vitest';
import type { HairAnalysis } from './engine-result';
import { unsureRead } from './unsure-read';

const read: HairAnalysis = { currentLevel: 2, targetLevel: 5, lift: 3, note: 'From level 2 to level 5.', currentColour: { hex: '#222', name: 'soft black' } };

describe('unsureRead', () => {
  it('lets a reliable read, or one saved before the engine judged itself, speak in levels', () => {
    expect(unsureRead(read)).toBeNull();
    expect(unsureRead({ ...read, reliable: true, unreliableBecause: null })).toBeNull();
  });
  it('says why the level cannot be judged, and what photo would help, without stating a level', () => {
    for (const because of ['dim-light', 'no-face', 'little-hair'] as const) {
      const text = unsureRead({ ...read, reliable: false, unreliableBecause: because });
      expect(text).toMatch(/true read/);
      expect(text).not.toMatch(/level \d/i);
    }
    expect(unsureRead({ ...read, reliable: false, unreliableBecause: 'dim-light' })).toMatch(/too dark/);
    expect(unsureRead({ ...read, reliable: false })).toMatch(/hard to judge/);
  });
});
