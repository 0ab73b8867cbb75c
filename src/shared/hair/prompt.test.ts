import { describe, expect, it } from 'vitest';
import { detectColourWords } from './colour-words';
import { deltaEOk, hexToOklab, levelFromL } from './oklab';
import { SHADES, shadeById } from './palette';
import { describeRequest, parseHairPrompt } from './prompt';
import { TECHNIQUE_IDS } from './techniques';

type Row = [prompt: string, technique: string | null, colourIds: string[], extra?: { rel?: number; cut?: boolean; label?: string; base?: string }];

// prompt → technique, colour ids that must be present, extras
const TABLE: Row[] = [
  ['copper red balayage', 'balayage', ['copper', 'red'], { label: 'Copper red' }],
  ['Cherry cola', 'all-over', ['cherry cola']],
  ['cherry red hair please', 'all-over', ['cherry cola', 'red']],
  ['strawberry blonde', 'all-over', ['blonde', 'strawberry-blonde']],
  ['strawberry blonde highlights', 'highlights', ['strawberry-blonde']],
  ['rose gold ombré', 'ombre', ['rose-gold', 'pink']],
  ['rose gold ombre', 'ombre', ['rose-gold']],
  ['ash blonde', 'all-over', ['ash-blonde', 'blonde']],
  ['ashy blonde balayage', 'balayage', ['ash-blonde']],
  ['golden blonde', 'all-over', ['golden-blonde', 'blonde']],
  ['silver', 'all-over', ['silver']],
  ['silver grey', 'all-over', ['silver']],
  ['burgundy', 'all-over', ['burgundy']],
  ['mahogany', 'all-over', ['mahogany']],
  ['jet black', 'all-over', ['jet-black', 'black']],
  ['blue black', 'all-over', ['jet-black']],
  ['pastel pink', 'all-over', ['pastel-pink', 'pink']],
  ['pastel purple', 'all-over', ['lavender']],
  ['baby blue', 'all-over', ['pastel-blue', 'blue']],
  ['vivid teal', 'all-over', ['teal'], { label: 'Vivid teal' }],
  ['neon green', 'all-over', ['green']],
  ['electric blue', 'all-over', ['blue']],
  ['lavender', 'all-over', ['lavender']],
  ['lilac hair', 'all-over', ['lavender']],
  ['purple', 'all-over', ['purple']],
  ['hot pink tips', 'dip-dye', ['pink']],
  ['pastel pink dip dye', 'dip-dye', ['pastel-pink']],
  ['dip-dyed blue ends', 'dip-dye', ['blue']],
  ['#b87333', 'all-over', [], { label: '#b87333' }],
  ['#FFC0CB all over', 'all-over', []],
  ['two shades lighter', 'all-over', [], { rel: 2 }],
  ['three levels lighter', 'all-over', [], { rel: 3 }],
  ['a shade darker', 'all-over', [], { rel: -1 }],
  ['a bit darker', 'all-over', [], { rel: -1 }],
  ['go lighter', 'all-over', [], { rel: 2 }],
  ['2 shades darker', 'all-over', [], { rel: -2 }],
  ['lighten it by four levels', 'all-over', [], { rel: 4 }],
  ['darken by 1 shade', 'all-over', [], { rel: -1 }],
  ['highlights', 'highlights', [], { rel: 3 }],
  ['babylights', 'highlights', [], { rel: 3 }],
  ['caramel highlights on dark brown hair', 'highlights', ['caramel', 'dark-brown'], { base: 'Dark brown' }],
  ['honey highlights', 'highlights', ['honey']],
  ['lowlights', 'lowlights', [], { rel: -2 }],
  ['chocolate lowlights', 'lowlights', ['brown']],
  ['balayage', 'balayage', [], { rel: 3 }],
  ['sun-kissed caramel', 'balayage', ['caramel']],
  ['hand painted honey blonde', 'balayage', ['honey']],
  ['black to blonde ombre', 'ombre', ['black', 'blonde'], { base: 'Black' }],
  ['brown fading to copper', 'ombre', ['brown', 'copper'], { base: 'Brown' }],
  ['soft ombre', 'sombre', [], { rel: 3 }],
  ['sombré', 'sombre', [], { rel: 3 }],
  ['chestnut sombre', 'sombre', ['chestnut']],
  ['root shadow', 'root-shadow', [], { rel: -2 }],
  ['ash blonde with a root shadow', 'root-shadow', ['ash-blonde']],
  ['blonde with dark roots', 'root-shadow', ['blonde']],
  ['money piece', 'money-piece', [], { rel: 3 }],
  ['platinum money piece', 'money-piece', ['platinum']],
  ['blonde face-framing pieces', 'money-piece', ['blonde']],
  ['auburn', 'all-over', ['auburn']],
  ['ginger', 'all-over', ['ginger']],
  ['orange', 'all-over', ['ginger']],
  ['chestnut brown', 'all-over', ['chestnut']],
  ['dark brown', 'all-over', ['dark-brown', 'brown']],
  ['brunette', 'all-over', ['brown']],
  ['light brown', 'all-over', ['light-brown']],
  ['caramel', 'all-over', ['caramel']],
  ['honey blonde', 'all-over', ['honey']],
  ['platinum blonde', 'all-over', ['platinum']],
  ['icy platinum', 'all-over', ['platinum'], { label: 'Icy platinum' }],
  ['grey', 'all-over', ['grey']],
  ['gray', 'all-over', ['grey']],
  ['salt and pepper', 'all-over', ['grey']],
  ['copper bob', 'all-over', ['copper'], { cut: true }],
  ['short pixie cut', null, [], { cut: true }],
  ['curtain bangs', null, [], { cut: true }],
  ['make me look nice', null, []],
  ['', null, []],
  ['Deep Burgundy Red', 'all-over', ['burgundy', 'red']],
  ['BLONDE', 'all-over', ['blonde']],
  ['blond', 'all-over', ['blonde']],
  ['ombre with pink tips', 'ombre', ['pink']],
];

describe('parseHairPrompt', () => {
  it('has a table of at least 60 prompts', () => expect(TABLE.length).toBeGreaterThanOrEqual(60));

  it.each(TABLE)('%s', (prompt, technique, ids, extra = {}) => {
    const r = parseHairPrompt(prompt);
    expect(r.technique).toBe(technique);
    for (const id of ids) expect(r.colourIds).toContain(id);
    if (extra.rel !== undefined) expect(r.relativeLevels).toBe(extra.rel);
    else expect(r.relativeLevels === null || technique === null || r.colours.length === 0).toBe(true);
    expect(r.cut.length > 0).toBe(!!extra.cut);
    if (extra.label) expect(r.colourLabel).toBe(extra.label);
    if (extra.base) expect(r.base?.label).toBe(extra.base);
    if (technique) expect(describeRequest(r)).toMatch(/^.+, .+$/);
    else expect(describeRequest(r)).toBe('');
  });

  it('matches whole words only', () => {
    expect(parseHairPrompt('redesign my look').colours).toHaveLength(0);
    expect(parseHairPrompt('shredded ends').colours).toHaveLength(0);
    expect(parseHairPrompt('bluebell').colours).toHaveLength(0);
    expect(parseHairPrompt('a blonder look').colours).toHaveLength(0);
  });

  it('keeps the gallery colour words: every one of the 21 is detected', () => {
    for (const word of [
      'black',
      'brown',
      'blonde',
      'platinum',
      'red',
      'auburn',
      'copper',
      'ginger',
      'burgundy',
      'cherry',
      'pink',
      'purple',
      'lavender',
      'blue',
      'teal',
      'green',
      'silver',
      'grey',
      'caramel',
      'honey',
      'chestnut',
    ]) {
      const r = parseHairPrompt(word);
      expect(r.colours.length, word).toBe(1);
      expect(r.colourIds, word).toEqual(expect.arrayContaining(detectColourWords(word)));
    }
  });

  it('modifiers move the target the right way in OKLab', () => {
    const pink = parseHairPrompt('pink').effect!.lab;
    const pastel = parseHairPrompt('pastel pink').effect!.lab;
    const vivid = parseHairPrompt('vivid pink').effect!.lab;
    const dark = parseHairPrompt('dark pink').effect!.lab;
    expect(pastel.L).toBeGreaterThan(pink.L);
    expect(Math.hypot(vivid.a, vivid.b)).toBeGreaterThan(Math.hypot(pink.a, pink.b));
    expect(dark.L).toBeLessThan(pink.L);
    const hex = parseHairPrompt('#b87333').effect!.lab;
    expect(deltaEOk(hex, hexToOklab('#b87333'))).toBeLessThan(0.01);
  });
});

describe('palette and techniques', () => {
  it('every shade has a unique id, a valid hex and a level 1–10', () => {
    const ids = new Set(SHADES.map((s) => s.id));
    expect(ids.size).toBe(SHADES.length);
    for (const s of SHADES) {
      const lvl = levelFromL(hexToOklab(s.hex).L);
      expect(lvl).toBeGreaterThanOrEqual(1);
      expect(lvl).toBeLessThanOrEqual(10);
    }
    expect(levelFromL(hexToOklab(shadeById('jet-black')!.hex).L)).toBeLessThanOrEqual(2);
    expect(levelFromL(hexToOklab(shadeById('platinum')!.hex).L)).toBeGreaterThanOrEqual(9);
  });

  it('exports the shared technique vocabulary', () => {
    expect(TECHNIQUE_IDS).toEqual(['all-over', 'highlights', 'lowlights', 'balayage', 'ombre', 'sombre', 'dip-dye', 'root-shadow', 'money-piece']);
  });
});
