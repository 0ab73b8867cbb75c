/**
 * Colour techniques: one vocabulary for the engine (where the colour goes), the style library and the
 * professionals' portfolio tags. Ids are stable; `match` phrases are whole-word, case-insensitive.
 */
export const TECHNIQUES = [
  {
    id: 'all-over',
    label: 'All-over colour',
    match: [
      'all over',
      'all-over',
      'allover',
      'full colour',
      'full color',
      'single process',
      'global colour',
      'global color',
      'solid colour',
      'solid color',
      'dye',
      'dyed',
    ],
  },
  {
    id: 'highlights',
    label: 'Highlights',
    match: ['highlights', 'highlight', 'highlighted', 'foils', 'babylights', 'baby lights', 'streaks', 'streaked', 'slices'],
  },
  { id: 'lowlights', label: 'Lowlights', match: ['lowlights', 'lowlight', 'lowlighted'] },
  {
    id: 'balayage',
    label: 'Balayage',
    match: ['balayage', 'balyage', 'baliage', 'hand painted', 'hand-painted', 'sun kissed', 'sun-kissed', 'sunkissed', 'foilyage'],
  },
  { id: 'ombre', label: 'Ombré', match: ['ombre', 'ombré', 'ombred', 'gradient', 'fade to', 'fading to', 'fades to', 'faded', 'melting into', 'melt into'] },
  { id: 'sombre', label: 'Sombré', match: ['sombre', 'sombré', 'soft ombre', 'soft ombré', 'subtle ombre'] },
  { id: 'dip-dye', label: 'Dip-dye tips', match: ['dip dye', 'dip-dye', 'dip dyed', 'dip-dyed', 'dipped tips', 'coloured tips', 'colored tips', 'tips'] },
  {
    id: 'root-shadow',
    label: 'Root shadow',
    match: ['root shadow', 'root smudge', 'shadow root', 'shadow roots', 'rooted', 'root melt', 'dark roots', 'darker roots'],
  },
  {
    id: 'money-piece',
    label: 'Money piece',
    match: ['money piece', 'money pieces', 'face framing', 'face-framing', 'face frame', 'front pieces', 'framing pieces'],
  },
] as const;

export type TechniqueId = (typeof TECHNIQUES)[number]['id'];

export const TECHNIQUE_IDS = TECHNIQUES.map((t) => t.id) as TechniqueId[];

export function techniqueLabel(id: TechniqueId): string {
  return TECHNIQUES.find((t) => t.id === id)?.label ?? id;
}
