import { COLOUR_WORDS, type ColourWord } from '@shared/hair/colour-words';
import { SHADES } from '@shared/hair/palette';

const SWATCH = new Map<string, string>(COLOUR_WORDS.map((c) => [c.id, SHADES.find((s) => s.family === c.id)?.hex ?? '#999']));
const LABEL = new Map<string, string>(COLOUR_WORDS.map((c) => [c.id, c.label]));

const colourLabel = (id: ColourWord) => LABEL.get(id) ?? id;
export const colourSwatch = (id: ColourWord) => SWATCH.get(id) ?? '#999';

export function ColourTag({ colour }: { colour: ColourWord }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-stone-100 px-2.5 py-1 text-xs font-medium text-stone-700">
      <span className="h-2.5 w-2.5 rounded-full ring-1 ring-black/10" style={{ backgroundColor: colourSwatch(colour) }} aria-hidden />
      {colourLabel(colour)}
    </span>
  );
}
