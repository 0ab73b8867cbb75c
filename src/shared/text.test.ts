import { describe, expect, it } from 'vitest';
import { endSentence } from './text';

describe('endSentence', () => {
  it('adds a full stop only when the name does not already end a sentence', () => {
    expect(endSentence('Copper & Comb')).toBe('Copper & Comb.');
    expect(endSentence("Rosa's Colour Bar & Co.")).toBe("Rosa's Colour Bar & Co.");
    expect(endSentence('Cuts!  ')).toBe('Cuts!');
    expect(endSentence('What now?')).toBe('What now?');
  });
});
