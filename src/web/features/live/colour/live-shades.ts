import { oklabToHex, hexToOklab, type OkLab } from '@shared/hair/oklab';
import { GRID_SHADE_IDS, SHADES } from '@shared/hair/palette';
import { parseHairPrompt } from '@shared/hair/prompt';
import { STYLES } from '@shared/content/styles';

/** One choice in live mode's carousel: what it looks like, what it maps the hair onto, and what to render. */
export interface LiveShade {
  id: string;
  label: string;
  /** The swatch (the target as photographed). */
  hex: string;
  target: OkLab;
  /** The studio prompt that renders this shade in full quality. */
  prompt: string;
  source: 'prompt' | 'palette' | 'style';
}

/**
 * The shade a prompt names, as the studio's parser reads it (the colour it places; live mode shows it
 * all over, the full-quality render adds the technique). null when the prompt names no colour.
 */
export function shadeFromPrompt(prompt: string): LiveShade | null {
  const text = prompt.trim();
  if (!text) return null;
  const req = parseHairPrompt(text);
  const c = req.effect ?? req.base;
  if (!c) return null;
  return { id: `prompt:${text.toLowerCase()}`, label: req.colourLabel ?? c.label, hex: oklabToHex(c.lab), target: c.lab, prompt: text, source: 'prompt' };
}

const PALETTE: LiveShade[] = SHADES.map((s) => ({ id: s.id, label: s.label, hex: s.hex, target: hexToOklab(s.hex), prompt: s.label, source: 'palette' }));

/** Style Library looks that are colour only (a cut needs the hosted engine), by the colour their prompt names. */
const STYLE_SHADES: LiveShade[] = STYLES.filter((s) => !s.changesShape).flatMap((s) => {
  const shade = shadeFromPrompt(s.prompt);
  return shade ? [{ ...shade, id: `style:${s.id}`, label: s.name, source: 'style' as const }] : [];
});

/** Carousel order: what the prompt box asks for, then the palette, then the Style Library's colours. */
export function liveShades(prompt: string): LiveShade[] {
  const fromPrompt = shadeFromPrompt(prompt);
  return [...(fromPrompt ? [fromPrompt] : []), ...PALETTE, ...STYLE_SHADES];
}

/** The shade grid's choices. */
export function gridShades(): LiveShade[] {
  return GRID_SHADE_IDS.map((id) => PALETTE.find((s) => s.id === id)!);
}
