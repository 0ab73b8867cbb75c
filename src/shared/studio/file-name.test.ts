import { describe, expect, it } from 'vitest';
import { fileNameForPrompt } from './file-name';

describe('fileNameForPrompt', () => {
  it.each([
    ['Copper red balayage', 'copper-red-balayage.png'],
    ['  Pastel lavender ombré!! ', 'pastel-lavender-ombre.png'],
    ['#b87333 / money piece', 'b87333-money-piece.png'],
    ['???', 'tress-look.png'],
    ['a'.repeat(80), `${'a'.repeat(60)}.png`],
  ])('%s → %s', (prompt, name) => expect(fileNameForPrompt(prompt)).toBe(name));
});
