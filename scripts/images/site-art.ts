import type { PortraitSpec } from './portrait';
import { colourCareHero, skinToneHero, techniquesHero } from './scenes';

/** Blog heroes keyed by post slug, and the landing hero's before / after pair. */
export const BLOG_ART: Record<string, () => string> = {
  'choosing-hair-colour-for-your-skin-tone': skinToneHero,
  'balayage-ombre-highlights-explained': techniquesHero,
  'keep-hair-colour-from-fading': colourCareHero,
};

const heroBase: Omit<PortraitSpec, 'base' | 'effect' | 'technique'> = {
  id: 'hero',
  gender: 'women',
  skin: '#d9a07a',
  shape: 'long-waves',
  bg: ['#fdf2ec', '#f2cfc4'],
  top: '#f8f1ea',
  earrings: true,
};

export const HERO: { before: PortraitSpec; after: PortraitSpec } = {
  before: { ...heroBase, id: 'hero-before', base: '#3d291f', technique: 'solid' },
  after: { ...heroBase, id: 'hero-after', base: '#6a2a1e', effect: '#c6622c', technique: 'balayage' },
};
