import { COLOUR_WORDS } from '../hair/colour-words';
import { TECHNIQUES } from '../hair/techniques';

/**
 * The shared style vocabulary: techniques from the hair engine and the gallery's colour words. Apart from the
 * schemas so that a page showing tags does not load zod (issue 37).
 */
export const STYLE_TAGS = [
  ...TECHNIQUES.map((t) => ({ id: t.id as string, label: t.label, kind: 'technique' as const })),
  ...COLOUR_WORDS.map((c) => ({ id: c.id as string, label: c.label, kind: 'colour' as const })),
];
export const styleTagLabel = (id: string) => STYLE_TAGS.find((t) => t.id === id)?.label ?? id;
