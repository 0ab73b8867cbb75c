import { darken, f1, lighten, mix, rng } from './rng';

/**
 * Illustrated portraits for the Style Library and the landing gallery: an SVG (400 × 500) built from
 * the style's hair shape, length, texture, colours and colour technique, on a soft studio backdrop.
 * Layers, back to front: backdrop, back hair, shoulders, neck, ears, face, features, front hair.
 */

export type HairShape =
  | 'long'
  | 'long-side'
  | 'long-waves'
  | 'pixie'
  | 'lob'
  | 'bob'
  | 'curls'
  | 'braids'
  | 'shag'
  | 'afro'
  | 'crop'
  | 'fade'
  | 'buzz'
  | 'quiff'
  | 'slick'
  | 'curly-top'
  | 'spiky'
  | 'surfer'
  | 'mullet'
  | 'side-part'
  | 'twists'
  | 'flow'
  | 'curtains';

export type Technique = 'solid' | 'balayage' | 'ombre' | 'highlights' | 'money-piece' | 'dip-dye' | 'lowlights' | 'peekaboo';

export interface PortraitSpec {
  id: string;
  gender: 'women' | 'men';
  skin: string;
  shape: HairShape;
  /** Colour at the roots (or the only colour). */
  base: string;
  /** Second colour of the technique (lengths, streaks, tips, face-framing pieces). */
  effect?: string;
  technique: Technique;
  /** Backdrop: light and deep tint. */
  bg: [string, string];
  top: string;
  beard?: 'stubble' | 'full';
  earrings?: boolean;
}

interface ShapeDef {
  back?: string;
  front: string;
  /** Vertical extent of the hair, for the colour gradients. */
  y: [number, number];
  flow: 'down' | 'up' | 'curl' | 'coil' | 'braid' | 'twist';
  /** Short sides that fade into the skin (fades, tapers). */
  fadeSides?: boolean;
}

const MIDDLE_PART_FRONT = (end: number, inner = 146) =>
  `M200 98 C 150 98 118 135 112 200 C 106 265 112 ${end - 90} 100 ${end} C 112 ${end + 8} 128 ${end + 10} ${inner - 4} ${end + 6} C ${inner} ${end - 60} ${inner - 6} 300 ${inner} 250 C 150 205 168 165 200 132 C 232 165 250 205 ${400 - inner} 250 C ${406 - inner} 300 ${400 - inner} ${end - 60} ${404 - inner} ${end + 6} C 272 ${end + 10} 288 ${end + 8} 300 ${end} C 288 ${end - 90} 294 265 288 200 C 282 135 250 98 200 98 Z`;

const MEN_SIDES =
  'M134 232 C 128 190 134 150 160 128 C 180 114 220 114 240 128 C 266 150 272 190 266 232 C 262 214 258 204 252 198 L 148 198 C 142 204 138 214 134 232 Z';

const SHAPES: Record<HairShape, ShapeDef> = {
  long: {
    back: 'M200 92 C 128 92 96 150 98 235 C 100 320 88 400 70 470 C 120 482 280 482 330 470 C 312 400 300 320 302 235 C 304 150 272 92 200 92 Z',
    front: MIDDLE_PART_FRONT(420),
    y: [92, 478],
    flow: 'down',
  },
  'long-side': {
    back: 'M190 92 C 124 92 96 150 98 235 C 100 320 88 400 72 470 C 120 482 280 482 328 470 C 312 400 300 320 302 235 C 304 150 262 92 190 92 Z',
    front:
      'M170 96 C 130 100 112 140 110 200 C 106 270 112 340 96 420 C 110 430 128 432 140 428 C 146 360 140 300 144 250 C 146 205 156 170 172 140 C 196 162 232 176 262 212 C 262 250 258 330 262 428 C 276 432 292 430 306 420 C 290 330 296 260 290 200 C 284 130 240 92 170 96 Z',
    y: [92, 478],
    flow: 'down',
  },
  'long-waves': {
    back: 'M200 92 C 124 92 92 150 100 220 C 106 270 84 300 92 350 C 100 400 72 430 78 475 L 322 475 C 328 430 300 400 308 350 C 316 300 294 270 300 220 C 308 150 276 92 200 92 Z',
    front:
      'M200 98 C 150 98 118 135 112 200 C 108 240 124 270 112 310 C 100 350 118 390 100 430 C 116 440 134 440 146 432 C 158 395 136 360 148 320 C 158 285 140 250 148 220 C 154 185 172 158 200 132 C 228 158 246 185 252 220 C 260 250 242 285 252 320 C 264 360 242 395 254 432 C 266 440 284 440 300 430 C 282 390 300 350 288 310 C 276 270 292 240 288 200 C 282 135 250 98 200 98 Z',
    y: [92, 478],
    flow: 'down',
  },
  pixie: {
    back: 'M200 100 C 140 100 122 150 126 215 C 128 250 134 270 142 282 L 258 282 C 266 270 272 250 274 215 C 278 150 260 100 200 100 Z',
    front:
      'M200 98 C 146 96 122 140 124 205 C 126 225 130 240 136 250 C 138 218 146 192 164 178 C 192 188 228 184 256 168 C 266 184 270 206 270 232 C 278 200 278 168 272 148 C 260 110 234 98 200 98 Z',
    y: [96, 282],
    flow: 'down',
  },
  lob: {
    back: 'M200 94 C 128 94 100 150 102 225 C 104 300 100 350 92 388 C 150 400 250 400 308 388 C 300 350 296 300 298 225 C 300 150 272 94 200 94 Z',
    front: MIDDLE_PART_FRONT(386, 148),
    y: [94, 398],
    flow: 'down',
  },
  bob: {
    back: 'M200 94 C 126 94 104 150 106 220 C 108 270 108 300 102 324 L 298 324 C 292 300 292 270 294 220 C 296 150 274 94 200 94 Z',
    front:
      'M200 96 C 142 96 112 140 110 210 C 108 260 112 298 104 324 L 150 324 C 146 290 140 250 142 215 C 144 200 150 192 162 192 L 238 192 C 250 192 256 200 258 215 C 260 250 254 290 250 324 L 296 324 C 288 298 292 260 290 210 C 288 140 258 96 200 96 Z',
    y: [94, 324],
    flow: 'down',
  },
  curls: { front: '', y: [70, 430], flow: 'curl' },
  braids: {
    back: 'M200 94 C 130 94 104 150 106 230 C 108 320 100 400 88 476 L 312 476 C 300 400 292 320 294 230 C 296 150 270 94 200 94 Z',
    front:
      'M200 98 C 152 98 124 132 120 196 C 118 226 120 246 124 262 L 146 262 C 146 230 150 200 164 176 C 176 156 190 140 200 132 C 210 140 224 156 236 176 C 250 200 254 230 254 262 L 276 262 C 280 246 282 226 280 196 C 276 132 248 98 200 98 Z',
    y: [94, 476],
    flow: 'braid',
  },
  shag: {
    back: 'M200 90 C 120 90 96 150 100 220 C 102 260 90 290 96 320 L 84 350 L 100 352 L 92 388 L 118 380 L 116 400 L 150 388 L 250 388 L 284 400 L 282 380 L 308 388 L 300 352 L 316 350 L 304 320 C 310 290 298 260 300 220 C 304 150 280 90 200 90 Z',
    front:
      'M200 96 C 146 96 114 136 110 200 C 108 240 112 270 104 300 L 122 296 L 116 332 L 138 312 C 140 282 136 252 142 234 C 150 208 170 192 194 176 L 200 166 L 206 176 C 230 192 250 208 258 234 C 264 252 260 282 262 312 L 284 332 L 278 296 L 296 300 C 288 270 292 240 290 200 C 286 136 254 96 200 96 Z',
    y: [90, 400],
    flow: 'down',
  },
  afro: { front: '', y: [30, 360], flow: 'coil' },
  crop: {
    front:
      'M134 238 C 126 200 128 150 156 124 C 178 106 222 106 244 124 C 272 150 274 200 266 238 C 262 222 258 206 252 196 L 242 186 L 230 196 L 218 182 L 206 194 L 194 180 L 182 194 L 170 184 L 160 196 L 150 190 C 144 202 138 220 134 238 Z',
    y: [108, 238],
    flow: 'up',
    fadeSides: true,
  },
  fade: {
    front:
      'M138 222 C 132 180 138 140 166 124 C 186 114 214 114 234 124 C 262 140 268 180 262 222 C 258 206 254 196 248 192 C 220 182 180 182 152 192 C 146 196 142 206 138 222 Z',
    y: [114, 222],
    flow: 'up',
    fadeSides: true,
  },
  buzz: {
    front:
      'M136 236 C 128 196 132 150 160 132 C 180 120 220 120 240 132 C 268 150 272 196 264 236 C 262 212 258 196 250 188 C 230 174 170 174 150 188 C 142 196 138 212 136 236 Z',
    y: [120, 236],
    flow: 'up',
  },
  quiff: {
    front:
      'M136 234 C 130 200 130 168 142 146 C 154 118 184 98 222 96 C 252 96 272 112 266 134 C 262 146 252 150 244 148 C 258 168 268 198 264 234 C 260 212 256 198 248 190 C 220 182 180 182 156 190 C 148 200 140 214 136 234 Z',
    y: [74, 234],
    flow: 'up',
    fadeSides: true,
  },
  slick: {
    front:
      'M136 232 C 128 180 138 128 178 110 C 208 98 248 104 264 130 C 274 152 274 192 266 232 C 262 208 256 192 248 186 C 226 176 178 176 156 184 C 146 192 140 208 136 232 Z',
    y: [100, 232],
    flow: 'up',
  },
  'curly-top': { front: '', y: [78, 236], flow: 'curl', fadeSides: true },
  spiky: {
    front:
      'M136 232 C 130 200 132 176 140 156 C 134 148 128 140 124 128 C 136 130 146 132 152 134 C 150 122 150 110 154 98 C 164 108 172 116 178 122 C 182 106 190 94 200 86 C 204 100 208 110 212 118 C 220 104 232 94 246 90 C 244 104 242 116 240 126 C 252 122 264 122 278 126 C 270 138 264 148 258 156 C 268 180 270 208 264 232 C 258 210 252 194 244 188 C 220 180 180 180 156 188 C 148 196 142 212 136 232 Z',
    y: [82, 232],
    flow: 'up',
  },
  surfer: {
    back: 'M200 100 C 132 100 108 150 110 220 C 112 270 108 300 112 334 L 130 322 L 142 338 L 258 338 L 270 322 L 288 334 C 292 300 288 270 290 220 C 292 150 268 100 200 100 Z',
    front:
      'M200 102 C 150 102 120 140 118 200 C 116 240 120 280 116 322 L 136 302 C 138 262 138 222 146 198 C 170 186 192 202 216 188 C 238 178 254 184 262 198 C 266 232 262 272 266 306 L 284 322 C 284 280 286 240 284 200 C 282 140 252 102 200 102 Z',
    y: [100, 338],
    flow: 'down',
  },
  mullet: {
    back: 'M162 246 C 152 290 142 330 126 374 L 148 364 L 158 388 L 178 372 L 200 392 L 222 372 L 242 388 L 252 364 L 274 374 C 258 330 248 290 238 246 Z',
    front:
      'M134 236 C 126 196 130 150 158 126 C 180 110 220 110 242 126 C 270 150 274 196 266 236 C 262 218 258 204 252 196 L 240 206 L 232 192 L 218 204 L 208 190 L 196 204 L 184 190 L 172 204 L 162 192 L 150 202 C 142 210 138 222 134 236 Z',
    y: [108, 386],
    flow: 'down',
  },
  'side-part': {
    front:
      'M136 228 C 130 182 138 132 180 116 C 220 104 258 118 266 150 C 272 176 270 204 264 228 C 262 208 256 194 248 188 C 224 176 200 170 180 170 C 166 174 156 180 150 188 C 144 198 140 212 136 228 Z',
    y: [106, 228],
    flow: 'up',
    fadeSides: true,
  },
  twists: { front: MEN_SIDES, y: [86, 232], flow: 'twist', fadeSides: true },
  flow: {
    back: 'M200 100 C 134 100 110 150 112 220 C 114 290 108 340 100 392 C 150 404 250 404 300 392 C 292 340 286 290 288 220 C 290 150 266 100 200 100 Z',
    front:
      'M200 104 C 150 104 124 140 120 200 C 118 240 120 280 110 330 C 120 336 130 336 138 330 C 140 290 136 250 140 220 C 148 184 176 166 210 164 C 240 166 256 184 262 220 C 264 250 260 290 262 330 C 270 336 280 336 290 330 C 280 280 282 240 280 200 C 276 140 250 104 200 104 Z',
    y: [100, 404],
    flow: 'down',
  },
  curtains: {
    back: 'M200 104 C 136 104 112 150 114 220 C 116 270 114 300 118 326 L 282 326 C 286 300 284 270 286 220 C 288 150 264 104 200 104 Z',
    front:
      'M200 106 C 148 106 122 140 120 200 C 118 240 122 272 118 304 L 140 298 C 142 262 140 238 146 222 C 160 198 184 180 200 160 C 216 180 240 198 254 222 C 260 238 258 262 260 298 L 282 304 C 278 272 282 240 280 200 C 278 140 252 106 200 106 Z',
    y: [104, 326],
    flow: 'down',
  },
};

/** Points around an ellipse with curl circles, for curls, afros and curly tops. */
function curlBlob(
  { cx, cy, rx, ry }: { cx: number; cy: number; rx: number; ry: number },
  { r, from, to, step }: { r: number; from: number; to: number; step: number },
  rand: () => number,
): string {
  let out = '';
  for (let a = from; a <= to; a += step) {
    const t = (a * Math.PI) / 180;
    const x = cx + Math.cos(t) * rx + (rand() - 0.5) * 6;
    const y = cy - Math.sin(t) * ry + (rand() - 0.5) * 6;
    const rr = r * (0.8 + rand() * 0.4);
    out += `M${f1(x - rr)} ${f1(y)} a${f1(rr)} ${f1(rr)} 0 1 0 ${f1(rr * 2)} 0 a${f1(rr)} ${f1(rr)} 0 1 0 ${f1(-rr * 2)} 0 Z `;
  }
  return out;
}

function circlesPath(cs: { x: number; y: number; r: number }[]): string {
  return cs.map((c) => `M${f1(c.x - c.r)} ${f1(c.y)} a${f1(c.r)} ${f1(c.r)} 0 1 0 ${f1(c.r * 2)} 0 a${f1(c.r)} ${f1(c.r)} 0 1 0 ${f1(-c.r * 2)} 0 Z`).join(' ');
}

function colourStops(s: PortraitSpec): { offset: number; colour: string }[] {
  const base = s.base;
  const eff = s.effect ?? base;
  switch (s.technique) {
    case 'balayage':
      return [
        { offset: 0, colour: darken(base, 0.08) },
        { offset: 0.35, colour: base },
        { offset: 0.7, colour: mix(base, eff, 0.75) },
        { offset: 1, colour: lighten(eff, 0.08) },
      ];
    case 'ombre':
      return [
        { offset: 0, colour: base },
        { offset: 0.38, colour: base },
        { offset: 0.8, colour: eff },
        { offset: 1, colour: eff },
      ];
    case 'dip-dye':
      return [
        { offset: 0, colour: darken(base, 0.05) },
        { offset: 0.66, colour: base },
        { offset: 0.76, colour: eff },
        { offset: 1, colour: lighten(eff, 0.05) },
      ];
    default:
      return [
        { offset: 0, colour: lighten(base, 0.1) },
        { offset: 0.45, colour: base },
        { offset: 1, colour: darken(base, 0.18) },
      ];
  }
}

export function portraitSvg(s: PortraitSpec): string {
  const rand = rng(s.id);
  const shape = SHAPES[s.shape];
  const [y0, y1] = shape.y;
  const tipsUp = shape.flow === 'up' || shape.flow === 'twist';
  const stops = colourStops(s);
  const stopXml = (st: typeof stops) => st.map((x) => `<stop offset="${x.offset}" stop-color="${x.colour}"/>`).join('');
  const skinLight = lighten(s.skin, 0.12);
  const skinShade = darken(s.skin, 0.16);
  const ink = darken(mix(s.skin, '#2a1a14', 0.7), 0.2);
  const brow = darken(mix(s.base, '#2a1a14', 0.5), 0.1);
  const eff = s.effect ?? s.base;

  // Hair geometry for the blob shapes.
  let back = shape.back ?? '';
  let front = shape.front;
  if (s.shape === 'curls') {
    back = `M200 240 m-150 0 a150 175 0 1 0 300 0 a150 175 0 1 0 -300 0 Z ${curlBlob({ cx: 200, cy: 240, rx: 148, ry: 172 }, { r: 26, from: -40, to: 220, step: 14 }, rand)}`;
    front = curlBlob({ cx: 200, cy: 215, rx: 76, ry: 92 }, { r: 22, from: 18, to: 162, step: 16 }, rand);
  } else if (s.shape === 'afro') {
    back = `M200 190 m-158 0 a158 158 0 1 0 316 0 a158 158 0 1 0 -316 0 Z ${curlBlob({ cx: 200, cy: 190, rx: 156, ry: 156 }, { r: 16, from: 0, to: 359, step: 9 }, rand)}`;
    front = 'M110 206 C 110 120 150 96 200 96 C 250 96 290 120 290 206 C 272 176 240 162 200 162 C 160 162 128 176 110 206 Z';
  } else if (s.shape === 'curly-top') {
    // A dense cluster of curls on top: rows of overlapping circles inside an ellipse, over short tapered sides.
    const curls: { x: number; y: number; r: number }[] = [];
    for (let y = 104; y <= 184; y += 16) {
      const half = 74 * Math.sqrt(Math.max(0, 1 - ((y - 150) / 56) ** 2));
      for (let x = 200 - half; x <= 200 + half; x += 18) curls.push({ x: x + (rand() - 0.5) * 6, y: y + (rand() - 0.5) * 6, r: 13 + rand() * 5 });
    }
    front = `${MEN_SIDES} ${circlesPath(curls)}`;
  }

  const strands: string[] = [];
  const strandColour = (light: boolean) => (light ? lighten(s.technique === 'solid' ? s.base : mix(s.base, eff, 0.5), 0.35) : darken(s.base, 0.35));
  if (shape.flow === 'down' || shape.flow === 'braid') {
    for (let i = 0; i < 46; i++) {
      const x0 = 120 + rand() * 160;
      const spread = (x0 - 200) * (1.2 + rand() * 0.5);
      const x1 = 200 + spread;
      const wave = s.shape === 'long-waves' ? 26 : 8;
      const d = `M${f1(x0)} ${y0 + 8} C ${f1(x0 + (x0 - 200) * 0.6)} ${f1(y0 + (y1 - y0) * 0.3)} ${f1(x1 - wave)} ${f1(y0 + (y1 - y0) * 0.6)} ${f1(x1 + wave * (rand() - 0.5) * 2)} ${y1}`;
      const light = rand() > 0.55;
      strands.push(`<path d="${d}" stroke="${strandColour(light)}" stroke-width="${f1(1 + rand() * 2.2)}" opacity="${f1(0.25 + rand() * 0.3)}"/>`);
    }
  } else if (shape.flow === 'up') {
    for (let i = 0; i < 34; i++) {
      const x0 = 140 + rand() * 120;
      const d = `M${f1(x0)} 236 C ${f1(x0 + 4)} 190 ${f1(200 + (x0 - 200) * 0.8 + 10)} 150 ${f1(200 + (x0 - 200) * 0.6 + 22)} ${f1(y0 + 6 + rand() * 20)}`;
      const light = rand() > 0.5;
      strands.push(`<path d="${d}" stroke="${strandColour(light)}" stroke-width="${f1(1 + rand() * 2)}" opacity="${f1(0.25 + rand() * 0.3)}"/>`);
    }
  } else if (shape.flow === 'curl' || shape.flow === 'coil') {
    const n = shape.flow === 'coil' ? 180 : 70;
    for (let i = 0; i < n; i++) {
      const x = 40 + rand() * 320;
      const y = y0 + rand() * (y1 - y0);
      const r = shape.flow === 'coil' ? 3 + rand() * 4 : 6 + rand() * 9;
      const light = rand() > 0.5;
      strands.push(
        `<path d="M${f1(x - r)} ${f1(y)} a${f1(r)} ${f1(r * 0.8)} 0 1 1 ${f1(r * 1.6)} ${f1(r * 0.3)}" stroke="${strandColour(light)}" stroke-width="${f1(1.2 + rand() * 1.4)}" opacity="${f1(0.3 + rand() * 0.3)}"/>`,
      );
    }
  }

  // Technique overlays.
  const overlays: string[] = [];
  if (s.technique === 'highlights' || s.technique === 'balayage' || s.technique === 'lowlights' || s.technique === 'peekaboo') {
    const n = s.technique === 'highlights' ? 26 : s.technique === 'peekaboo' ? 14 : 18;
    const colour = s.technique === 'lowlights' ? eff : lighten(eff, 0.1);
    for (let i = 0; i < n; i++) {
      const x0 = 126 + rand() * 148;
      const x1 = 200 + (x0 - 200) * (1.3 + rand() * 0.4);
      const yStart = s.technique === 'balayage' ? y0 + (y1 - y0) * 0.35 : y0 + 10;
      const yStartP = s.technique === 'peekaboo' ? y0 + (y1 - y0) * 0.45 : yStart;
      const d = `M${f1(x0)} ${f1(yStartP)} C ${f1(x0 + (x0 - 200) * 0.4)} ${f1(yStartP + (y1 - yStartP) * 0.4)} ${f1(x1)} ${f1(yStartP + (y1 - yStartP) * 0.7)} ${f1(x1 + (rand() - 0.5) * 10)} ${y1}`;
      overlays.push(
        `<path d="${d}" stroke="${colour}" stroke-width="${f1(s.technique === 'peekaboo' ? 7 + rand() * 6 : 2.5 + rand() * 4)}" opacity="${f1(0.55 + rand() * 0.35)}"/>`,
      );
    }
  }

  const braids: string[] = [];
  if (shape.flow === 'braid') {
    const braid = (x: number, yTop: number, yBot: number, lean: number) => {
      const segs: string[] = [];
      for (let y = yTop, k = 0; y < yBot; y += 13, k++) {
        const dx = ((y - yTop) / (yBot - yTop)) * lean;
        const rot = k % 2 ? 28 : -28;
        segs.push(
          `<ellipse cx="${f1(x + dx)}" cy="${y}" rx="7.5" ry="10" transform="rotate(${rot} ${f1(x + dx)} ${y})" fill="url(#hair-${s.id})" stroke="${darken(s.base, 0.4)}" stroke-width="1.2"/>`,
        );
      }
      return segs.join('');
    };
    for (const x of [104, 122, 278, 296]) braids.push(braid(x, 250, 470, x < 200 ? -12 : 12));
    braids.push('<g id="front-braids">');
    for (const x of [132, 150, 250, 268]) braids.push(braid(x, 258, 470, x < 200 ? -6 : 6));
    braids.push('</g>');
  }

  const twists: string[] = [];
  if (shape.flow === 'twist') {
    for (let i = 0; i < 11; i++) {
      const x = 146 + i * 11 + (rand() - 0.5) * 3;
      const top = 96 + Math.abs(i - 5) * 6 + rand() * 6;
      const tilt = (i - 5) * 5;
      twists.push(`<g transform="rotate(${tilt} ${f1(x)} 205)">`);
      twists.push(
        `<rect x="${f1(x - 6)}" y="${f1(top)}" width="12" height="${f1(112 - (top - 96))}" rx="6" fill="url(#hairup-${s.id})" stroke="${darken(s.base, 0.4)}" stroke-width="1"/>`,
      );
      for (let y = top + 8; y < 196; y += 9)
        twists.push(`<path d="M${f1(x - 5)} ${f1(y)} l10 -5" stroke="${darken(s.base, 0.5)}" stroke-width="1.3" opacity=".6"/>`);
      twists.push('</g>');
    }
  }

  const moneyPiece = s.technique === 'money-piece';
  const frontFill = moneyPiece ? `url(#money-${s.id})` : tipsUp ? `url(#hairup-${s.id})` : `url(#hair-${s.id})`;
  const backFill = s.technique === 'peekaboo' ? `url(#hair-${s.id})` : `url(#hair-${s.id})`;
  const fadeSides = shape.fadeSides
    ? `<path d="M134 250 C 130 210 134 190 140 180 L 152 186 C 146 200 144 226 146 258 Z M266 250 C 270 210 266 190 260 180 L 248 186 C 254 200 256 226 254 258 Z" fill="url(#fade-${s.id})"/>`
    : '';

  const women = s.gender === 'women';
  const face = women
    ? 'M200 142 C 248 142 268 182 266 230 C 264 282 238 322 200 330 C 162 322 136 282 134 230 C 132 182 152 142 200 142 Z'
    : 'M200 140 C 250 140 270 180 268 232 C 266 290 244 326 200 334 C 156 326 134 290 132 232 C 130 180 150 140 200 140 Z';
  const lips = mix(s.skin, '#b4475a', women ? 0.55 : 0.28);
  const eyes = women
    ? `<path d="M160 234 Q 173 243 187 234 M213 234 Q 227 243 240 234" stroke="${ink}" stroke-width="2.6" stroke-linecap="round" fill="none"/>
       <path d="M162 237 l-4 4 M168 240 l-2 5 M232 240 l2 5 M238 237 l4 4" stroke="${ink}" stroke-width="1.6" stroke-linecap="round"/>`
    : `<path d="M161 234 Q 173 241 186 234 M214 234 Q 227 241 239 234" stroke="${ink}" stroke-width="2.6" stroke-linecap="round" fill="none"/>`;
  const brows = women
    ? `<path d="M156 215 Q 172 205 189 212 M211 212 Q 228 205 244 215" stroke="${brow}" stroke-width="3.6" stroke-linecap="round" fill="none"/>`
    : `<path d="M153 214 Q 171 207 190 212 M210 212 Q 229 207 247 214" stroke="${brow}" stroke-width="5.2" stroke-linecap="round" fill="none"/>`;
  const mouth = women
    ? `<path d="M182 292 Q 191 285 200 289 Q 209 285 218 292 Q 200 306 182 292 Z" fill="${lips}"/><path d="M183 292 Q 200 296 217 292" stroke="${darken(lips, 0.3)}" stroke-width="1.4" fill="none"/>`
    : `<path d="M184 294 Q 200 290 216 294 Q 200 302 184 294 Z" fill="${lips}"/><path d="M185 294 Q 200 296 215 294" stroke="${darken(lips, 0.35)}" stroke-width="1.6" fill="none"/>`;
  const beardColour = s.beard ? mix(s.base, '#3a3330', 0.25) : '';
  const beard =
    s.beard === 'full'
      ? `<path d="M136 244 C 138 300 162 344 200 346 C 238 344 262 300 264 244 C 256 276 240 290 224 300 C 214 292 186 292 176 300 C 160 290 144 276 136 244 Z M176 284 C 186 276 214 276 224 284 C 214 280 186 280 176 284 Z" fill="${beardColour}" opacity=".92"/><path d="M178 282 Q 200 272 222 282 L 220 288 Q 200 280 180 288 Z" fill="${beardColour}"/>`
      : s.beard === 'stubble'
        ? `<path d="M138 250 C 140 300 164 336 200 338 C 236 336 260 300 262 250 C 254 280 238 296 224 302 C 212 296 188 296 176 302 C 162 296 146 280 138 250 Z" fill="${beardColour}" opacity=".35"/>`
        : '';
  const earrings = s.earrings
    ? `<circle cx="136" cy="266" r="7" fill="none" stroke="#d4a64a" stroke-width="2.4"/><circle cx="264" cy="266" r="7" fill="none" stroke="#d4a64a" stroke-width="2.4"/>`
    : '';
  const shoulders = women
    ? 'M34 500 C 44 432 104 400 162 392 L 238 392 C 296 400 356 432 366 500 Z'
    : 'M20 500 C 30 426 96 396 160 388 L 240 388 C 304 396 370 426 380 500 Z';
  const neckline = women ? 'M160 392 C 172 432 228 432 240 392 Z' : 'M168 388 C 178 404 222 404 232 388 Z';

  const dots = Array.from({ length: 14 }, () => {
    const x = 20 + rand() * 360;
    const y = 20 + rand() * 300;
    return `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(1.5 + rand() * 2.5)}" fill="#fff" opacity="${f1(0.25 + rand() * 0.35)}"/>`;
  }).join('');

  const upStops = [...stops].reverse().map((x) => ({ ...x, offset: 1 - x.offset }));

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" width="400" height="500">
<defs>
  <linearGradient id="bg-${s.id}" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${s.bg[0]}"/><stop offset="1" stop-color="${s.bg[1]}"/></linearGradient>
  <radialGradient id="halo-${s.id}" cx="0.5" cy="0.42" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  <linearGradient id="hair-${s.id}" gradientUnits="userSpaceOnUse" x1="0" y1="${y0}" x2="0" y2="${y1}">${stopXml(stops)}</linearGradient>
  <linearGradient id="hairup-${s.id}" gradientUnits="userSpaceOnUse" x1="0" y1="${y0}" x2="0" y2="${tipsUp ? 240 : y1}">${stopXml(tipsUp ? upStops : stops)}</linearGradient>
  <linearGradient id="money-${s.id}" gradientUnits="userSpaceOnUse" x1="100" y1="0" x2="300" y2="0"><stop offset="0" stop-color="${darken(s.base, 0.1)}"/><stop offset=".22" stop-color="${eff}"/><stop offset=".4" stop-color="${lighten(eff, 0.12)}"/><stop offset=".5" stop-color="${s.base}"/><stop offset=".6" stop-color="${lighten(eff, 0.12)}"/><stop offset=".78" stop-color="${eff}"/><stop offset="1" stop-color="${darken(s.base, 0.1)}"/></linearGradient>
  <linearGradient id="fade-${s.id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.base}" stop-opacity=".9"/><stop offset="1" stop-color="${s.base}" stop-opacity="0"/></linearGradient>
  <radialGradient id="skin-${s.id}" cx="0.45" cy="0.4" r="0.65"><stop offset="0" stop-color="${skinLight}"/><stop offset=".7" stop-color="${s.skin}"/><stop offset="1" stop-color="${skinShade}"/></radialGradient>
  <linearGradient id="top-${s.id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(s.top, 0.08)}"/><stop offset="1" stop-color="${darken(s.top, 0.12)}"/></linearGradient>
  <clipPath id="cb-${s.id}"><path d="${back}"/></clipPath>
  <clipPath id="cf-${s.id}"><path d="${front}"/></clipPath>
</defs>
<rect width="400" height="500" fill="url(#bg-${s.id})"/>
<circle cx="200" cy="230" r="178" fill="url(#halo-${s.id})"/>
<circle cx="200" cy="232" r="166" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="1.5"/>
${dots}
${back ? `<path d="${back}" fill="${backFill}"/><g clip-path="url(#cb-${s.id})" fill="none" stroke-linecap="round">${strands.join('')}${overlays.join('')}</g>` : ''}
${braids.length ? braids.slice(0, 4).join('') : ''}
<path d="${shoulders}" fill="url(#top-${s.id})"/>
<path d="M172 286 L 172 398 C 186 410 214 410 228 398 L 228 286 Z" fill="${s.skin}"/>
<path d="M172 300 C 186 330 214 330 228 300 L 228 340 C 214 352 186 352 172 340 Z" fill="${skinShade}" opacity=".55"/>
<path d="${neckline}" fill="${s.skin}"/>
<ellipse cx="133" cy="240" rx="11" ry="18" fill="${skinShade}"/><ellipse cx="267" cy="240" rx="11" ry="18" fill="${skinShade}"/>
<path d="${face}" fill="url(#skin-${s.id})"/>
<ellipse cx="166" cy="266" rx="16" ry="9" fill="#e0768a" opacity="${women ? 0.22 : 0.1}"/><ellipse cx="234" cy="266" rx="16" ry="9" fill="#e0768a" opacity="${women ? 0.22 : 0.1}"/>
${brows}
${eyes}
<path d="M203 240 Q 195 262 199 271 Q 205 274 211 269" stroke="${skinShade}" stroke-width="2.2" stroke-linecap="round" fill="none"/>
${mouth}
${beard}
${earrings}
${fadeSides}
${front ? `<path d="${front}" fill="${frontFill}"/><g clip-path="url(#cf-${s.id})" fill="none" stroke-linecap="round">${strands.join('')}${moneyPiece ? '' : overlays.join('')}<path d="M146 168 C 172 138 228 138 256 168" stroke="#fff" stroke-opacity=".1" stroke-width="16"/></g>` : ''}
${braids.length ? braids.slice(4).join('') : ''}
${twists.join('')}
</svg>`;
}
