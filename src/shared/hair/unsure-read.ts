import type { HairAnalysis } from './engine-result';

/** Why the engine cannot judge the current level, said to the person who took the photo, with what would help. */
const BECAUSE: Record<NonNullable<HairAnalysis['unreliableBecause']>, string> = {
  'dim-light': 'This photo is too dark to judge how light your hair is now. A photo taken in daylight, facing a window, gives a true read.',
  'no-face':
    'We could not find a face to judge the light by, so we cannot tell how light your hair is now. A front-facing photo in daylight gives a true read.',
  'little-hair': 'Too little of your hair shows in this photo to judge how light it is now. A photo that shows more of it gives a true read.',
};

/**
 * Null when the engine's read can be stated as levels; otherwise what to say instead. A read without the
 * field (creations saved before the engine judged itself) counts as reliable.
 */
export function unsureRead(a: HairAnalysis): string | null {
  if (a.reliable !== false) return null;
  return a.unreliableBecause
    ? BECAUSE[a.unreliableBecause]
    : 'The light in this photo makes it hard to judge how light your hair is now. A photo in daylight gives a true read.';
}
