/**
 * OKLab (Björn Ottosson, 2020) conversions, written out so the engine's per-pixel loops and the palette
 * share one definition. sRGB components are 0–255; linear values 0–1.
 */
export interface OkLab {
  L: number;
  a: number;
  b: number;
}

export function srgbToLinear(c255: number): number {
  const c = c255 / 255;
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}

export function linearToSrgb(v: number): number {
  const c = Math.min(1, Math.max(0, v));
  return 255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055);
}

/** Linear sRGB → OKLab, written into out[o], out[o+1], out[o+2]: no allocation, for per-pixel loops. */
export function linearRgbToOklabInto(r: number, g: number, b: number, out: Float32Array | Float64Array, o: number): void {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  out[o] = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  out[o + 1] = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  out[o + 2] = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
}

const one = new Float64Array(3);
export function linearRgbToOklab(r: number, g: number, b: number): OkLab {
  linearRgbToOklabInto(r, g, b, one, 0);
  return { L: one[0], a: one[1], b: one[2] };
}

export function oklabToLinearRgb(L: number, a: number, b: number): [number, number, number] {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

export function hexToOklab(hex: string): OkLab {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a hex colour: ${hex}`);
  let h = m[1];
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  const n = parseInt(h, 16);
  return linearRgbToOklab(srgbToLinear((n >> 16) & 255), srgbToLinear((n >> 8) & 255), srgbToLinear(n & 255));
}

export function oklabToHex({ L, a, b }: OkLab): string {
  const [r, g, bl] = oklabToLinearRgb(L, a, b);
  const to = (v: number) => Math.round(linearToSrgb(v)).toString(16).padStart(2, '0');
  return `#${to(r)}${to(g)}${to(bl)}`;
}

/** Hue angle in degrees, 0–360. */
export function hue(c: OkLab): number {
  const h = (Math.atan2(c.b, c.a) * 180) / Math.PI;
  return h < 0 ? h + 360 : h;
}

/** Euclidean distance in OKLab ×100 ("ΔE OK" on the familiar 0–100 scale). */
export function deltaEOk(x: OkLab, y: OkLab): number {
  return 100 * Math.hypot(x.L - y.L, x.a - y.a, x.b - y.b);
}

/**
 * Colourist level (1 black … 10 lightest blonde) from the OKLab lightness of hair as photographed
 * (mean over the matte, shine included). Calibrated on the fixture portraits and the palette swatches.
 */
export function levelFromL(L: number): number {
  const lvl = 1 + ((L - 0.24) / (0.86 - 0.24)) * 9;
  return Math.min(10, Math.max(1, Math.round(lvl)));
}

/** Inverse of levelFromL: the OKLab lightness at the centre of a level. */
export function lFromLevel(level: number): number {
  const lvl = Math.min(10, Math.max(1, level));
  return 0.24 + ((lvl - 1) / 9) * (0.86 - 0.24);
}
