/** Helpers shared by the engine's tests, bench and scripts (fixtures, model path, pixel metrics). */
import dns from 'node:dns';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { linearRgbToOklab, type OkLab } from '@shared/hair/oklab';
import { outOfLight } from '@shared/hair/shade-map';
import { boxMean, SRGB_TO_LINEAR, type Rgb } from '../../src/server/engine/image/raster';
import type { FaceGeom } from '../../src/server/engine/matte/main-person';
import { FACE_OVAL } from '../../src/server/engine/matte/refine';

export const FIXTURE_DIR = path.resolve(import.meta.dirname, '../fixtures/portraits');

export function fixtureNames(): string[] {
  return readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => f.replace(/\.jpg$/, ''))
    .sort();
}

export function fixture(name: string): Buffer {
  return readFileSync(path.join(FIXTURE_DIR, `${name}.jpg`));
}

/**
 * The hair model path for tests: HAIR_MODEL_PATH, or null when it is not set (the model's tests skip locally;
 * CI's preflight fails instead). Set but pointing nowhere is an error, never a quiet run on the fallback matte.
 */
export function testModelPath(): string | null {
  const p = process.env.HAIR_MODEL_PATH;
  if (!p) return null;
  const abs = path.resolve(p);
  if (!existsSync(abs)) {
    throw new Error(
      `HAIR_MODEL_PATH=${p} is not a file. Point it at hair_segmentation.tflite (npm run models:fetch, or ../shared/models), or unset it to skip the model's tests.`,
    );
  }
  return abs;
}

export function modelSkipReason(): string {
  return 'HAIR_MODEL_PATH is not set';
}

/** The face's oval (mesh FACE_OVAL points, image pixels) scaled `k` times about its centre: < 1 the inner face, > 1 around it. */
export function faceOvalScaled(face: FaceGeom, k: number): [number, number][] {
  const oval = FACE_OVAL.map((i) => face.mesh[i]);
  const cx = oval.reduce((s, p) => s + p[0], 0) / oval.length;
  const cy = oval.reduce((s, p) => s + p[1], 0) / oval.length;
  return oval.map(([x, y]) => [cx + (x - cx) * k, cy + (y - cy) * k]);
}

export function pixelLab(img: Rgb, i: number): OkLab {
  const d = img.data;
  return linearRgbToOklab(SRGB_TO_LINEAR[d[i * 3]], SRGB_TO_LINEAR[d[i * 3 + 1]], SRGB_TO_LINEAR[d[i * 3 + 2]]);
}

/** Mean OKLab over pixels where select(i) is true. */
export function meanLab(img: Rgb, select: (i: number) => boolean): OkLab & { n: number } {
  let L = 0;
  let a = 0;
  let b = 0;
  let n = 0;
  for (let i = 0; i < img.width * img.height; i++) {
    if (!select(i)) continue;
    const o = pixelLab(img, i);
    L += o.L;
    a += o.a;
    b += o.b;
    n++;
  }
  return { L: L / Math.max(1, n), a: a / Math.max(1, n), b: b / Math.max(1, n), n };
}

/**
 * OKLab lightness detail (high-pass) inside a region: L minus its local mean over the region's own pixels
 * (normalised box filter), so pixels outside the region do not leak into the measure.
 */
export function detailL(img: Rgb, inside: (i: number) => boolean, r = 3): Float32Array {
  const n = img.width * img.height;
  const L = new Float32Array(n);
  const M = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    if (!inside(i)) continue;
    M[i] = 1;
    L[i] = pixelLab(img, i).L;
  }
  const sL = boxMean(L, img.width, img.height, r);
  const sM = boxMean(M, img.width, img.height, r);
  for (let i = 0; i < n; i++) L[i] = M[i] ? L[i] - sL[i] / sM[i] : 0;
  return L;
}

export function pearson(x: Float32Array, y: Float32Array, select: (i: number) => boolean): number {
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < x.length; i++) {
    if (!select(i)) continue;
    n++;
    sx += x[i];
    sy += y[i];
  }
  const mx = sx / n;
  const my = sy / n;
  let cxy = 0;
  let cxx = 0;
  let cyy = 0;
  for (let i = 0; i < x.length; i++) {
    if (!select(i)) continue;
    const dx = x[i] - mx;
    const dy = y[i] - my;
    cxy += dx * dy;
    cxx += dx * dx;
    cyy += dy * dy;
  }
  return cxy / Math.sqrt(cxx * cyy);
}

/**
 * Records every socket connect, DNS lookup and non-file fetch made on this thread until `restore()`: the
 * proof that what runs here opens no connection.
 */
export function trapNetwork(): { attempts: string[]; restore(): void } {
  const attempts: string[] = [];
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    attempts.push(`socket ${JSON.stringify(args[0])}`);
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
  const lookup = dns.lookup;
  (dns as { lookup: unknown }).lookup = (...args: unknown[]) => {
    attempts.push(`dns ${String(args[0])}`);
    return (lookup as (...a: unknown[]) => unknown)(...args);
  };
  const fetch0 = globalThis.fetch;
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('file:')) attempts.push(`fetch ${url}`);
    return fetch0(input, init);
  }) as typeof fetch;
  return {
    attempts,
    restore() {
      net.Socket.prototype.connect = connect;
      (dns as { lookup: unknown }).lookup = lookup;
      globalThis.fetch = fetch0;
    },
  };
}

/** What the "lifts" promise measures on one result (decision 084). */
export interface LiftMeasures {
  /** Correlation of lightness detail inside the hair (matte ≥ 250) between the photo and the result. */
  detail: number;
  /** Pixels whose matte is 0 (alpha below 1/510) that changed at all. */
  changedOutside: number;
  /** ΔE OK (0–1 scale) between the result's hair mean (matte ≥ 230), corrected for the photo's light, and the target. */
  deltaE: number;
  /**
   * Share of the matte's soft edge (0 < matte < 250) painted paper white (every channel 245 or more) from a
   * pixel that was not near white (a channel under 200): the white rim around a lift (decision 205).
   */
  whiteEdge: number;
}

export function liftMeasures(
  d: { input: Rgb; output: Rgb; matte: Uint8Array; light: { gain: readonly [number, number, number] } },
  target: OkLab,
): LiftMeasures {
  const core = (i: number) => d.matte[i] >= 250;
  const detail = pearson(detailL(d.input, core), detailL(d.output, core), core);
  let changedOutside = 0;
  for (let i = 0; i < d.matte.length; i++) {
    if (d.matte[i] !== 0) continue;
    const o = i * 3;
    if (d.input.data[o] !== d.output.data[o] || d.input.data[o + 1] !== d.output.data[o + 1] || d.input.data[o + 2] !== d.output.data[o + 2]) changedOutside++;
  }
  const hair = outOfLight(
    meanLab(d.output, (i) => d.matte[i] >= 230),
    d.light,
  );
  let soft = 0;
  let whitened = 0;
  for (let i = 0; i < d.matte.length; i++) {
    if (d.matte[i] === 0 || d.matte[i] >= 250) continue;
    soft++;
    const o = i * 3;
    const out = Math.min(d.output.data[o], d.output.data[o + 1], d.output.data[o + 2]);
    const was = Math.min(d.input.data[o], d.input.data[o + 1], d.input.data[o + 2]);
    if (out >= 245 && was < 200) whitened++;
  }
  return {
    detail,
    changedOutside,
    deltaE: Math.hypot(hair.L - target.L, hair.a - target.a, hair.b - target.b),
    whiteEdge: soft ? whitened / soft : 0,
  };
}
