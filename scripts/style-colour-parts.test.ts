import { describe, expect, it } from 'vitest';
import { STYLES } from '@shared/content/styles';
import { styleColourPartsPlugin } from './style-colour-parts';
import { styleColourParts } from './style-colour-parts-read';

describe('the style library’s colour parts, read at build time', () => {
  it('has each cut style’s colour part and nothing for a colour-only style', () => {
    const parts = styleColourParts();
    expect(parts['platinum-pixie']).toBe('Icy platinum blonde, all-over colour');
    expect(parts['green-twists']).toBe('Green on black, dip-dye tips');
    for (const s of STYLES.filter((x) => !x.changesShape)) expect(parts[s.id]).toBeUndefined();
  });

  it('is served as a module to the pages that import it, read in a process of its own', () => {
    const plugin = styleColourPartsPlugin();
    const resolve = plugin.resolveId as (id: string) => string | undefined;
    const load = plugin.load as (id: string) => string | undefined;
    expect(load(resolve('virtual:style-colour-parts')!)).toBe(`export default ${JSON.stringify(styleColourParts())};`);
    expect(resolve('./anything-else')).toBeUndefined();
  });
});
