import { describe, expect, it } from 'vitest';
import { slugBase, slugCandidates, slugSuffix } from './slug';

const UID = 'AbCdEfGhIjKl';

describe('slug rule (docs/product.md §5)', () => {
  it.each([
    ["Rosa's Salon", 'rosas-salon'],
    ['Rosa’s  Salon & Spa', 'rosas-salon-spa'],
    ["  --O'Neil's Barbers--  ", 'oneils-barbers'],
    ['Café Crème', 'caf-cr-me'],
    ['Ünïcödé', 'n-c-d'],
    ['Hair ✂️ by Mo 💇', 'hair-by-mo'],
    ['SALON 24/7', 'salon-24-7'],
    ['a'.repeat(80), 'a'.repeat(60)],
    // Trimmed first, then cut: a cut may end on a hyphen, as the rule is written.
    [`${'a'.repeat(59)} ${'b'.repeat(20)}`, `${'a'.repeat(59)}-`],
    ['', 'AbCdEfGh'],
    ['   ', 'AbCdEfGh'],
    ['💇‍♀️✨', 'AbCdEfGh'],
    ["'''", 'AbCdEfGh'],
  ])('%j → %j', (name, slug) => {
    expect(slugBase(name, UID)).toBe(slug);
    expect(slugBase(name, UID).length).toBeLessThanOrEqual(60);
  });

  it('tries the base, 4 random 3-digit suffixes (100-999), then the first 6 characters of the uid', () => {
    const seq = [0, 0.999999, 0.5, 0.25];
    const c = slugCandidates("Rosa's Salon", UID, () => seq.shift()!);
    expect(c).toEqual(['rosas-salon', 'rosas-salon-100', 'rosas-salon-999', 'rosas-salon-550', 'rosas-salon-325', 'AbCdEf']);
    for (let i = 0; i < 1000; i++) {
      const n = slugSuffix();
      expect(n).toBeGreaterThanOrEqual(100);
      expect(n).toBeLessThanOrEqual(999);
    }
  });
});
