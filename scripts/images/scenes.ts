import { portraitSvg, type PortraitSpec } from './portrait';
import { darken, f1, lighten, rng } from './rng';

/** Blog heroes (800 × 450) and the landing hero (before / after portrait, 400 × 500). */

/** A band of the page: from (x, y), w wide and h tall. */
interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A swatch strand in `rect` with its clip, coloured by `stops` (gradient `id`), its tip swaying by `sway`. */
function strand({ x, y, w, h }: Rect, stops: [number, string][], id: string, sway = 0): string {
  const g = `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('')}</linearGradient>`;
  const d = `M${x} ${y} C ${x - 4} ${y + h * 0.4} ${x + sway} ${y + h * 0.7} ${x + sway * 0.6 + 6} ${y + h} L ${x + w + sway * 0.6 - 6} ${y + h} C ${x + w + sway} ${y + h * 0.7} ${x + w + 4} ${y + h * 0.4} ${x + w} ${y} Z`;
  return `<defs>${g}</defs><path d="${d}" fill="url(#${id})"/><rect x="${x - 3}" y="${y - 10}" width="${w + 6}" height="16" rx="5" fill="#3a302b"/>`;
}

/** Nine fine strand lines inside `rect`, placed by `seed`. */
function strandLines({ x, y, w, h }: Rect, seed: string, colour: string): string {
  const rand = rng(seed);
  return Array.from({ length: 9 }, () => {
    const sx = x + 4 + rand() * (w - 8);
    return `<path d="M${f1(sx)} ${y + 6} C ${f1(sx - 3)} ${y + h * 0.4} ${f1(sx + 2)} ${y + h * 0.7} ${f1(sx + 1)} ${y + h - 6}" stroke="${colour}" stroke-width="1.2" opacity=".35" fill="none"/>`;
  }).join('');
}

const frame = (bg: [string, string], body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450" width="800" height="450">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient></defs>
<rect width="800" height="450" fill="url(#bg)"/>${body}</svg>`;

/** Choosing a colour for your skin tone: skin-tone discs with the hair shades that flatter them. */
export function skinToneHero(): string {
  const tones = [
    { skin: '#f6dccb', hair: ['#e6c789', '#c6622c', '#8e3a22'] },
    { skin: '#e2ad86', hair: ['#d49c52', '#7c4127', '#571a26'] },
    { skin: '#b07852', hair: ['#c98c4b', '#6d1d33', '#3d291f'] },
    { skin: '#6c3f28', hair: ['#d49c52', '#7c3db2', '#1f1b1b'] },
  ];
  let body = '<circle cx="640" cy="70" r="160" fill="#fff" opacity=".35"/><circle cx="90" cy="420" r="120" fill="#fff" opacity=".3"/>';
  tones.forEach((t, i) => {
    const cx = 130 + i * 180;
    body += `<circle cx="${cx}" cy="132" r="54" fill="${t.skin}"/><circle cx="${cx - 16}" cy="116" r="18" fill="#fff" opacity=".18"/>`;
    t.hair.forEach((h, j) => {
      const x = cx - 62 + j * 44;
      body += strand(
        { x, y: 214, w: 36, h: 190 },
        [
          [0, lighten(h, 0.12)],
          [0.5, h],
          [1, darken(h, 0.2)],
        ],
        `s${i}${j}`,
        (j - 1) * 8,
      );
      body += strandLines({ x, y: 214, w: 36, h: 190 }, `l${i}${j}`, lighten(h, 0.5));
    });
  });
  return frame(['#fbf1ea', '#efd3c6'], body);
}

/** Balayage, ombré or highlights: the same strand coloured three ways. */
export function techniquesHero(): string {
  const base = '#5c3a25';
  const light = '#dcb06a';
  const cols: { name: string; stops: [number, string][]; streaks: boolean }[] = [
    {
      name: 'balayage',
      stops: [
        [0, base],
        [0.35, base],
        [0.75, '#b98a52'],
        [1, light],
      ],
      streaks: true,
    },
    {
      name: 'ombre',
      stops: [
        [0, base],
        [0.42, base],
        [0.62, '#a77a4c'],
        [1, light],
      ],
      streaks: false,
    },
    {
      name: 'highlights',
      stops: [
        [0, base],
        [1, darken(base, 0.1)],
      ],
      streaks: true,
    },
  ];
  let body = '<circle cx="400" cy="225" r="250" fill="#fff" opacity=".28"/>';
  cols.forEach((c, i) => {
    const x0 = 150 + i * 190;
    for (let k = 0; k < 3; k++) {
      const x = x0 + k * 34;
      body += strand({ x, y: 70, w: 30, h: 330 }, c.stops, `t${i}${k}`, (k - 1) * 10);
      if (c.streaks) {
        const rand = rng(`h${i}${k}`);
        for (let n = 0; n < (c.name === 'highlights' ? 4 : 3); n++) {
          const sx = x + 5 + rand() * 20;
          const top = c.name === 'highlights' ? 78 : 170 + rand() * 40;
          body += `<path d="M${f1(sx)} ${f1(top)} C ${f1(sx - 3)} ${f1(top + 100)} ${f1(sx + 4)} 300 ${f1(sx + (k - 1) * 6 + 2)} 396" stroke="${light}" stroke-width="${c.name === 'highlights' ? 3 : 4}" stroke-linecap="round" opacity=".9" fill="none"/>`;
        }
      }
      body += strandLines({ x, y: 70, w: 30, h: 330 }, `tl${i}${k}`, '#f5e1c0');
    }
  });
  return frame(['#f3f0ea', '#dfe7e4'], body);
}

/** Keeping colour: a gloss bottle, water drops and a strand that stays bright. */
export function colourCareHero(): string {
  const red = '#b5462a';
  let body = '<circle cx="540" cy="225" r="210" fill="#fff" opacity=".3"/>';
  body += strand(
    { x: 180, y: 60, w: 44, h: 340 },
    [
      [0, lighten(red, 0.15)],
      [0.5, red],
      [1, darken(red, 0.25)],
    ],
    'cr1',
    -8,
  );
  body += strand(
    { x: 232, y: 60, w: 44, h: 340 },
    [
      [0, lighten(red, 0.05)],
      [0.5, '#a13c24'],
      [1, darken(red, 0.3)],
    ],
    'cr2',
    8,
  );
  body += strandLines({ x: 180, y: 60, w: 44, h: 340 }, 'c1', '#ffd2b8') + strandLines({ x: 232, y: 60, w: 44, h: 340 }, 'c2', '#ffd2b8');
  body += `<defs><linearGradient id="bt" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#f2c6a4"/><stop offset=".35" stop-color="#c7702f"/><stop offset="1" stop-color="#8a4a1e"/></linearGradient></defs>
    <rect x="486" y="96" width="40" height="36" rx="6" fill="#2b2523"/><rect x="476" y="128" width="60" height="14" rx="4" fill="#3a3230"/>
    <path d="M450 170 Q 450 142 478 142 L 534 142 Q 562 142 562 170 L 562 384 Q 562 400 546 400 L 466 400 Q 450 400 450 384 Z" fill="url(#bt)"/>
    <rect x="464" y="220" width="84" height="110" rx="8" fill="#fbf7f2"/>
    <text x="506" y="270" text-anchor="middle" font-family="'DejaVu Sans', sans-serif" font-size="14" font-weight="700" fill="#7a3a16" letter-spacing="1.5">GLOSS</text>
    <text x="506" y="292" text-anchor="middle" font-family="'DejaVu Sans', sans-serif" font-size="10" fill="#7a3a16" opacity=".8">cool rinse</text>`;
  const drops = [
    [640, 120, 16],
    [672, 190, 11],
    [620, 250, 13],
    [690, 300, 9],
    [360, 140, 12],
    [384, 260, 9],
  ];
  for (const [x, y, r] of drops)
    body += `<path d="M${x} ${y - r * 1.8} C ${x + r * 0.9} ${y - r * 0.6} ${x + r} ${y} ${x} ${y + r} C ${x - r} ${y + r} ${x - r} ${y} ${x - r * 0.9} ${y - r * 0.6} Z" fill="#7fb7d6" opacity=".75"/><circle cx="${x - r * 0.35}" cy="${y - r * 0.1}" r="${r * 0.25}" fill="#fff" opacity=".7"/>`;
  return frame(['#eef4f6', '#f6e3d6'], body);
}

/** Landing hero: one portrait, left half before and right half after a colour try-on, with the slider handle. */
export function beforeAfterSvg(before: PortraitSpec, after: PortraitSpec): string {
  const inner = (svg: string) => svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" width="400" height="500">
<defs><clipPath id="left"><rect width="200" height="500"/></clipPath><clipPath id="right"><rect x="200" width="200" height="500"/></clipPath></defs>
<g clip-path="url(#left)">${inner(portraitSvg(before))}</g>
<g clip-path="url(#right)">${inner(portraitSvg(after))}</g>
<rect x="198.5" y="0" width="3" height="500" fill="#fff"/>
<circle cx="200" cy="440" r="20" fill="#fff"/><path d="M193 433 l-7 7 l7 7 M207 433 l7 7 l-7 7" stroke="#881337" stroke-width="2.6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;
}
