import type { PackSpec } from './packshot';

/** How each product of src/shared/content/products.ts is drawn (keyed by product id). */
export const PRODUCT_ART: Record<string, Omit<PackSpec, 'id'>> = {
  'warm-tone-gloss': { kind: 'gloss-bottle', colour: '#c7702f', accent: '#7a3a16', bg: ['#fdf3ea', '#f4dcc7'], label: ['Gloss', 'copper · honey'] },
  'purple-toning-shampoo': { kind: 'shampoo', colour: '#7b55c7', accent: '#4b2f87', bg: ['#f6f2fc', '#e3d8f5'], label: ['Toning', 'violet shampoo'] },
  'vivid-pastel-kit': {
    kind: 'kit',
    colour: '#fbf7f3',
    accent: '#5b4b6b',
    bg: ['#eef6f7', '#d3e8ec'],
    label: ['Vivid & pastel', 'semi-permanent · 6 shades'],
    swatches: ['#ec7fa6', '#8a4cc4', '#c3a7e8', '#3677d9', '#1fa3a0', '#23975f'],
  },
  'brunette-colour-kit': { kind: 'box-kit', colour: '#5a3a28', accent: '#a9764d', bg: ['#f8f1ea', '#ead8c8'], label: ['Brunette', 'permanent colour'] },
  'berry-depositing-conditioner': { kind: 'tube', colour: '#7a2038', accent: '#3d0d1a', bg: ['#fcf0f2', '#f1d2d9'], label: ['Berry', 'conditioner'] },
  'clip-in-extensions': { kind: 'weft', colour: '#a87445', accent: '#d8ad6c', bg: ['#f9f4ee', '#ecdfcf'], label: ['Clip-in', '18 in · human hair'] },
  'colour-streak-clip-ins': {
    kind: 'streaks',
    colour: '#000000',
    accent: '#000000',
    bg: ['#f4f6fb', '#dde3f1'],
    label: ['Streaks', ''],
    swatches: ['#b3202f', '#5a1a26', '#6d1d33', '#7c3db2', '#c5a9e6', '#e47aa2', '#2f6fd6', '#1e9c9a', '#1c8c5b', '#d9d9de'],
  },
  'minoxidil-foam': { kind: 'foam', colour: '#e9edf2', accent: '#2f6fb0', bg: ['#eef4fa', '#d4e2f0'], label: ['Minoxidil 5%', 'foam · 3 months'] },
  'scalp-density-serum': { kind: 'dropper', colour: '#e8dccb', accent: '#8a6b45', bg: ['#f5f3ec', '#e2ddcb'], label: ['Density', 'scalp serum'] },
  'laser-cap': { kind: 'laser-cap', colour: '#3b3f47', accent: '#ff4d4d', bg: ['#f3f1f4', '#dcd8df'], label: ['Laser cap', ''] },
  'laser-comb': { kind: 'laser-comb', colour: '#f4f2ef', accent: '#2f6fb0', bg: ['#f1f5f4', '#d6e3e0'], label: ['Laser comb', 'low-level light therapy'] },
};
