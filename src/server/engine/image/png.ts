/**
 * PNG encoder for the engine's results (8-bit RGB). libspng through sharp spends most of its time choosing
 * a filter per row (adaptive filtering) and then compresses on one thread. A photo needs neither: every
 * row uses the Up filter (neighbouring rows of a photo are alike), and the filtered rows are deflated in
 * slices on libuv's thread pool at once, joined into one zlib stream the way pigz does (each slice but the
 * last ends on a byte-aligned sync flush, so the raw deflate streams concatenate). Z_RLE matches only runs,
 * which is what Up-filtered photo rows are made of: faster than the default strategy at the same level and
 * smaller than libspng's output (see bench/engine.bench.ts and docs/decisions/026-engine-speed-and-memory.md).
 */
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Rgb } from './raster';
import { fresh, withTemporaries, type Alloc } from './scratch';

const deflateRaw = promisify(zlib.deflateRaw);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ADLER_MOD = 65521;
/** Largest run of byte additions before Adler-32's sums must be reduced (zlib's NMAX). */
const ADLER_NMAX = 5552;

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** Rows with a filter byte each: None for the first row, Up for the rest. */
function filterUp(img: Rgb, alloc: Alloc): Buffer {
  const stride = img.width * 3;
  const d = img.data;
  const bytes = alloc.u8((stride + 1) * img.height, false);
  const out = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  out[0] = 0;
  out.set(d.subarray(0, stride), 1);
  withTemporaries(alloc, () => {
    const diff = upDifferences(d, stride, alloc);
    for (let y = 1; y < img.height; y++) {
      const o = y * (stride + 1);
      out[o] = 2;
      out.set(diff.subarray(y * stride, (y + 1) * stride), o + 1);
    }
  });
  return out;
}

/** d[i] − d[i − stride] modulo 256 for every byte past the first row. */
function upDifferences(d: Uint8Array, stride: number, alloc: Alloc): Uint8Array {
  const diff = alloc.u8(d.length, false); // the first row is never read
  if (stride % 4 === 0 && d.byteOffset % 4 === 0 && d.length % 4 === 0) {
    // four bytes at a time (SWAR): subtract with the top bit of each byte masked so no borrow crosses
    // into the next byte, then restore the top bits; twice as fast as the byte loop
    const a32 = new Uint32Array(d.buffer, d.byteOffset, d.length >> 2);
    const o32 = new Uint32Array(diff.buffer, diff.byteOffset, d.length >> 2);
    const s4 = stride >> 2;
    for (let k = s4; k < a32.length; k++) {
      const a = a32[k];
      const b = a32[k - s4];
      o32[k] = ((a | 0x80808080) - (b & 0x7f7f7f7f)) ^ ((a ^ ~b) & 0x80808080);
    }
  } else {
    // Uint8Array stores wrap modulo 256, which is exactly PNG's filter arithmetic
    for (let i = stride; i < d.length; i++) diff[i] = d[i] - d[i - stride];
  }
  return diff;
}

function adler32(buf: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < buf.length;) {
    const end = Math.min(buf.length, i + ADLER_NMAX);
    // four bytes a step: b gains a four times and the bytes weighted 4, 3, 2, 1 (a shorter chain of dependent
    // additions: 5.0 → 3.8 ms for a 1200×1600 photo)
    for (const end4 = i + ((end - i) & ~3); i < end4; i += 4) {
      const c0 = buf[i];
      const c1 = buf[i + 1];
      const c2 = buf[i + 2];
      const c3 = buf[i + 3];
      b += 4 * a + 4 * c0 + 3 * c1 + 2 * c2 + c3;
      a += c0 + c1 + c2 + c3;
    }
    for (; i < end; i++) {
      a += buf[i];
      b += a;
    }
    a %= ADLER_MOD;
    b %= ADLER_MOD;
  }
  return ((b << 16) | a) >>> 0;
}

export async function encodePng(img: Rgb, alloc: Alloc = fresh, slices = 4): Promise<Buffer> {
  const raw = filterUp(img, alloc);
  const rowBytes = img.width * 3 + 1;
  const rowsPer = Math.ceil(img.height / slices);
  const parts: Promise<Buffer>[] = [];
  for (let y = 0; y < img.height; y += rowsPer) {
    const last = y + rowsPer >= img.height;
    const slice = raw.subarray(y * rowBytes, Math.min(img.height, y + rowsPer) * rowBytes);
    parts.push(
      deflateRaw(slice, {
        level: 1,
        strategy: zlib.constants.Z_RLE,
        chunkSize: 1 << 18,
        finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
      }),
    );
  }
  const check = adler32(raw); // while the slices compress
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(check, 0);
  // zlib header: deflate, 32 KB window, "fastest" level hint; 0x7801 is a multiple of 31 as required
  const idat = Buffer.concat([Buffer.from([0x78, 0x01]), ...(await Promise.all(parts)), trailer]);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(img.width, 0);
  ihdr.writeUInt32BE(img.height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour RGB
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))]);
}
