import { describe, expect, it } from 'vitest';
import { styleTagsFor } from './save-creation';

describe('styleTagsFor', () => {
  it('tags the technique and the colour words of the prompt and of what was applied', () => {
    expect(styleTagsFor('Cherry cola balayage', { technique: 'balayage', colours: ['cherry cola', 'burgundy-red'] })).toEqual({
      tags: ['balayage', 'cherry cola'],
      colour: 'cherry cola',
    });
    expect(styleTagsFor('brunette with honey highlights', { technique: 'highlights', colours: ['honey'] })).toEqual({
      tags: ['highlights', 'brown', 'honey'],
      colour: 'brown',
    });
    expect(styleTagsFor('two levels lighter', { technique: null, colours: [] })).toEqual({ tags: [], colour: null });
    expect(styleTagsFor('copper', null)).toEqual({ tags: ['copper'], colour: 'copper' });
  });
});
