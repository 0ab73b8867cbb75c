import { darken, f1, lighten, mix, rng } from './rng';

/**
 * Illustrated packshots for the shop (400 × 400): one object per product on a soft, tinted backdrop
 * with a floor shadow. Labels carry generic wording only (no retailer or brand marks).
 */

export type PackKind = 'gloss-bottle' | 'shampoo' | 'kit' | 'box-kit' | 'tube' | 'weft' | 'streaks' | 'foam' | 'dropper' | 'laser-cap' | 'laser-comb';

export interface PackSpec {
  id: string;
  kind: PackKind;
  /** Main colour of the object. */
  colour: string;
  accent: string;
  bg: [string, string];
  label: [string, string];
  /** Swatch colours (kits, wefts, streaks). */
  swatches?: string[];
}

const FONT = "font-family=\"'DejaVu Sans', 'Liberation Sans', sans-serif\"";

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Two lines of label text centred in the band from x, w wide, the first at y. */
function label({ x, y, w }: { x: number; y: number; w: number }, lines: [string, string], ink: string, size = 15): string {
  return `<g ${FONT} text-anchor="middle" fill="${ink}">
    <text x="${x + w / 2}" y="${y}" font-size="${size}" font-weight="700" letter-spacing="1.5">${esc(lines[0].toUpperCase())}</text>
    <text x="${x + w / 2}" y="${y + size + 6}" font-size="${f1(size * 0.72)}" letter-spacing=".6" opacity=".8">${esc(lines[1])}</text>
  </g>`;
}

function object(s: PackSpec): string {
  const c = s.colour;
  const hi = lighten(c, 0.35);
  const lo = darken(c, 0.25);
  const grad = (id: string, a: string, b: string, horizontal = true) =>
    `<linearGradient id="${id}" x1="0" y1="0" x2="${horizontal ? 1 : 0}" y2="${horizontal ? 0 : 1}"><stop offset="0" stop-color="${a}"/><stop offset=".35" stop-color="${b}"/><stop offset="1" stop-color="${darken(b, 0.2)}"/></linearGradient>`;
  switch (s.kind) {
    case 'gloss-bottle':
      return `<defs>${grad('g', hi, c)}</defs>
        <rect x="182" y="62" width="36" height="34" rx="6" fill="#2b2523"/><rect x="174" y="92" width="52" height="14" rx="4" fill="#3a3230"/>
        <path d="M150 128 Q 150 104 176 104 L 224 104 Q 250 104 250 128 L 250 326 Q 250 342 234 342 L 166 342 Q 150 342 150 326 Z" fill="url(#g)"/>
        <rect x="160" y="176" width="80" height="112" rx="8" fill="#fbf7f2"/>
        ${label({ x: 160, y: 222, w: 80 }, s.label, lo, 13)}
        <rect x="158" y="116" width="10" height="200" rx="5" fill="#fff" opacity=".25"/>`;
    case 'shampoo':
      return `<defs>${grad('g', hi, c)}</defs>
        <rect x="168" y="58" width="64" height="30" rx="10" fill="#f4f1ee"/><rect x="168" y="80" width="64" height="10" fill="#ddd6d0"/>
        <path d="M160 92 L 240 92 Q 262 96 262 130 L 262 320 Q 262 344 238 344 L 162 344 Q 138 344 138 320 L 138 130 Q 138 96 160 92 Z" fill="url(#g)"/>
        <rect x="150" y="170" width="100" height="120" rx="10" fill="#fff" opacity=".92"/>
        ${label({ x: 150, y: 220, w: 100 }, s.label, lo, 14)}
        <rect x="148" y="106" width="12" height="220" rx="6" fill="#fff" opacity=".22"/>`;
    case 'kit': {
      const sw = s.swatches ?? [];
      const tubes = sw
        .map((col, i) => {
          const x = 104 + i * 34;
          return `<rect x="${x}" y="${96 + (i % 2) * 8}" width="26" height="150" rx="6" fill="${col}"/><rect x="${x + 5}" y="${84 + (i % 2) * 8}" width="16" height="16" rx="3" fill="${darken(col, 0.3)}"/><rect x="${x + 4}" y="${110 + (i % 2) * 8}" width="5" height="120" rx="2.5" fill="#fff" opacity=".3"/>`;
        })
        .join('');
      return `${tubes}<path d="M86 200 L 314 200 L 304 344 L 96 344 Z" fill="${c}"/><path d="M86 200 L 314 200 L 314 214 L 86 214 Z" fill="${darken(c, 0.15)}"/>
        ${label({ x: 96, y: 268, w: 208 }, s.label, s.accent, 17)}`;
    }
    case 'box-kit':
      return `<defs>${grad('g', hi, c)}</defs>
        <path d="M112 96 L 262 96 L 296 120 L 296 344 L 146 344 L 112 320 Z" fill="${lo}"/>
        <rect x="112" y="96" width="150" height="224" fill="url(#g)"/>
        <path d="M262 96 L 296 120 L 296 344 L 262 320 Z" fill="${darken(c, 0.35)}"/>
        <circle cx="187" cy="170" r="42" fill="${s.accent}" opacity=".9"/>
        <path d="M160 150 C 170 196 204 200 214 150" stroke="${lighten(s.accent, 0.5)}" stroke-width="6" fill="none" stroke-linecap="round"/>
        ${label({ x: 112, y: 250, w: 150 }, s.label, '#fff', 14)}
        <rect x="296" y="212" width="34" height="132" rx="8" fill="#f5f2ee"/><rect x="302" y="196" width="22" height="20" rx="4" fill="#cfc7bf"/>`;
    case 'tube':
      return `<defs>${grad('g', hi, c)}</defs>
        <path d="M148 70 L 252 70 L 236 300 L 164 300 Z" fill="url(#g)"/>
        <rect x="146" y="64" width="108" height="12" rx="3" fill="${lo}"/>
        <rect x="164" y="298" width="72" height="44" rx="8" fill="${darken(c, 0.45)}"/>
        ${label({ x: 150, y: 160, w: 100 }, s.label, '#fff', 13)}
        <path d="M160 90 L 170 280" stroke="#fff" stroke-width="8" opacity=".2" stroke-linecap="round"/>`;
    case 'weft': {
      const rand = rng(s.id);
      const strands = Array.from({ length: 60 }, (_, i) => {
        const x = 110 + i * 3;
        const col = mix(c, s.accent, rand());
        return `<path d="M${x} 120 C ${x + 4} 200 ${x - 10} 270 ${f1(x - 14 + rand() * 8)} ${f1(330 + rand() * 22)}" stroke="${col}" stroke-width="3.4" fill="none" stroke-linecap="round" opacity=".9"/>`;
      }).join('');
      return `<rect x="92" y="60" width="216" height="54" rx="10" fill="#fbf8f4"/>${label({ x: 92, y: 84, w: 216 }, s.label, '#6b5a4e', 12)}
        <rect x="104" y="110" width="192" height="16" rx="4" fill="${darken(c, 0.35)}"/>${strands}
        ${[120, 170, 220, 270].map((x) => `<rect x="${x}" y="104" width="14" height="10" rx="2" fill="#b9b3ad"/>`).join('')}`;
    }
    case 'streaks': {
      const sw = s.swatches ?? [];
      return (
        sw
          .map((col, i) => {
            const a = -36 + (i * 72) / (sw.length - 1);
            return `<g transform="rotate(${f1(a)} 200 330)"><path d="M192 90 C 188 170 194 250 196 330 L 204 330 C 206 250 212 170 208 90 Z" fill="${col}"/><rect x="190" y="84" width="20" height="12" rx="3" fill="#9d958e"/></g>`;
          })
          .join('') + `<circle cx="200" cy="330" r="12" fill="#f4efe9"/>`
      );
    }
    case 'foam':
      return `<defs>${grad('g', '#ffffff', c)}</defs>
        <rect x="176" y="56" width="48" height="44" rx="8" fill="${s.accent}"/><rect x="168" y="96" width="64" height="12" rx="4" fill="${darken(s.accent, 0.2)}"/>
        <rect x="146" y="106" width="108" height="238" rx="20" fill="url(#g)"/>
        <rect x="146" y="176" width="108" height="26" fill="${s.accent}"/>
        ${label({ x: 146, y: 240, w: 108 }, s.label, darken(s.accent, 0.2), 14)}
        <rect x="156" y="116" width="10" height="214" rx="5" fill="#fff" opacity=".5"/>`;
    case 'dropper':
      return `<defs>${grad('g', hi, c)}</defs>
        <path d="M190 60 Q 190 44 200 44 Q 210 44 210 60 L 210 96 L 190 96 Z" fill="#2e2a28"/>
        <rect x="172" y="94" width="56" height="44" rx="6" fill="#c5a46a"/>
        <path d="M150 150 Q 150 136 168 136 L 232 136 Q 250 136 250 150 L 250 326 Q 250 344 232 344 L 168 344 Q 150 344 150 326 Z" fill="url(#g)" opacity=".95"/>
        <rect x="162" y="196" width="76" height="96" rx="6" fill="#fffdf9" opacity=".9"/>
        ${label({ x: 162, y: 236, w: 76 }, s.label, lo, 12)}
        <rect x="158" y="148" width="8" height="170" rx="4" fill="#fff" opacity=".35"/>`;
    case 'laser-cap': {
      const dots = Array.from({ length: 26 }, (_, i) => {
        const a = Math.PI + (i / 25) * Math.PI;
        const r = 88 + (i % 2) * 26;
        return `<circle cx="${f1(200 + Math.cos(a) * r)}" cy="${f1(250 + Math.sin(a) * r * 0.78)}" r="5" fill="#ff4d4d"/><circle cx="${f1(200 + Math.cos(a) * r)}" cy="${f1(250 + Math.sin(a) * r * 0.78)}" r="10" fill="#ff4d4d" opacity=".25"/>`;
      }).join('');
      return `<path d="M62 260 C 62 150 130 96 200 96 C 270 96 338 150 338 260 Z" fill="${c}"/>
        <path d="M82 260 C 82 166 140 118 200 118 C 260 118 318 166 318 260 Z" fill="${darken(c, 0.45)}"/>${dots}
        <ellipse cx="200" cy="262" rx="142" ry="22" fill="${lo}"/><ellipse cx="200" cy="258" rx="124" ry="14" fill="${darken(c, 0.6)}"/>
        <path d="M92 200 C 110 150 150 120 200 112" stroke="#fff" stroke-width="8" opacity=".18" fill="none" stroke-linecap="round"/>
        <rect x="150" y="300" width="100" height="40" rx="10" fill="${c}"/><circle cx="176" cy="320" r="5" fill="#6ee7b7"/>${label({ x: 186, y: 318, w: 60 }, ['272', 'diodes'], '#fff', 11)}`;
    }
    case 'laser-comb':
      return `<g transform="rotate(-18 200 220)">
        <rect x="90" y="150" width="230" height="64" rx="30" fill="${c}"/>
        <rect x="96" y="154" width="150" height="16" rx="8" fill="#fff" opacity=".5"/>
        <rect x="112" y="206" width="186" height="14" rx="4" fill="#ff5a5a" opacity=".85"/>
        <rect x="112" y="206" width="186" height="30" rx="4" fill="#ff5a5a" opacity=".15"/>
        ${Array.from({ length: 16 }, (_, i) => `<rect x="${116 + i * 11.5}" y="218" width="6" height="42" rx="3" fill="${darken(c, 0.12)}"/>`).join('')}
        <circle cx="296" cy="180" r="9" fill="${s.accent}"/>
        <rect x="40" y="164" width="60" height="36" rx="16" fill="${darken(c, 0.1)}"/>
      </g>${label({ x: 100, y: 344, w: 200 }, s.label, '#6b5a4e', 13)}`;
  }
}

export function packshotSvg(s: PackSpec): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.bg[0]}"/><stop offset="1" stop-color="${s.bg[1]}"/></linearGradient>
  <radialGradient id="sh" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#000" stop-opacity=".22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
</defs>
<rect width="400" height="400" fill="url(#bg)"/>
<circle cx="200" cy="196" r="150" fill="#fff" opacity=".4"/>
<ellipse cx="200" cy="350" rx="140" ry="18" fill="url(#sh)"/>
${object(s)}
</svg>`;
}
