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

/** Rows y0..y1−1 of `img` as PNG rows in `out` (from byte 0): a filter byte each, None for the photo's first row, Up for the rest. */
function filterRows(img: Rgb, y0: number, y1: number, out: Buffer, alloc: Alloc): void {
  const stride = img.width * 3;
  const d = img.data;
  let from = y0;
  if (y0 === 0) {
    out[0] = 0;
    out.set(d.subarray(0, stride), 1);
    from = 1;
  }
  if (from >= y1) return;
  withTemporaries(alloc, () => {
    const diff = upDifferences(d.subarray((from - 1) * stride, y1 * stride), stride, alloc);
    for (let y = from; y < y1; y++) {
      const o = (y - y0) * (stride + 1);
      out[o] = 2;
      out.set(diff.subarray((y - from + 1) * stride, (y - from + 2) * stride), o + 1);
    }
  });
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

/** Adler-32 of `buf`, continued from `running` (the value of the bytes before it). */
function adler32(buf: Uint8Array, running = 1): number {
  let a = running & 0xffff;
  let b = running >>> 16;
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
  const rowBytes = img.width * 3 + 1;
  const rowsPer = Math.ceil(img.height / slices);
  const raw = alloc.u8(rowBytes * img.height, false);
  const filtered = Buffer.from(raw.buffer, raw.byteOffset, raw.length);
  // each slice goes to the pool as soon as its rows are filtered, so zlib starts while the rest are
  const parts: Promise<Buffer>[] = [];
  for (let y = 0; y < img.height; y += rowsPer) {
    const y1 = Math.min(img.height, y + rowsPer);
    const slice = filtered.subarray(y * rowBytes, y1 * rowBytes);
    filterRows(img, y, y1, slice, alloc);
    parts.push(
      deflateRaw(slice, {
        level: 1,
        strategy: zlib.constants.Z_RLE,
        chunkSize: 1 << 18,
        finishFlush: y1 === img.height ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
      }),
    );
  }
  const check = adler32(filtered); // while the slices compress
  const deflated = await Promise.all(parts);
  return assemble(img, deflated, check);
}

/**
 * The file in one allocation: signature, IHDR, one IDAT (zlib header, the slices' deflate streams, Adler-32)
 * and IEND. Every copy of a 2 MB result counts towards V8's old-generation limit until the next full GC.
 */
function assemble(img: Rgb, deflated: Buffer[], check: number): Buffer {
  const idatLength = 2 + deflated.reduce((n, b) => n + b.length, 0) + 4;
  const file = Buffer.allocUnsafe(SIGNATURE.length + (12 + 13) + (12 + idatLength) + 12);
  let at = SIGNATURE.copy(file, 0);
  const begin = (type: string, length: number) => {
    file.writeUInt32BE(length, at);
    file.write(type, at + 4, 'latin1');
    const typeAt = at + 4;
    at += 8;
    return typeAt;
  };
  // the CRC covers the chunk's type and data
  const end = (typeAt: number) => {
    at = file.writeUInt32BE(zlib.crc32(file.subarray(typeAt, at)) >>> 0, at);
  };
  let typeAt = begin('IHDR', 13);
  at = file.writeUInt32BE(img.width, at);
  at = file.writeUInt32BE(img.height, at);
  at = file.writeUInt8(8, at); // bit depth
  at = file.writeUInt8(2, at); // truecolour RGB
  at = file.writeUInt8(0, at); // deflate
  at = file.writeUInt8(0, at); // adaptive filtering (a filter byte per row)
  at = file.writeUInt8(0, at); // not interlaced
  end(typeAt);
  typeAt = begin('IDAT', idatLength);
  // zlib header: deflate, 32 KB window, "fastest" level hint; 0x7801 is a multiple of 31 as required
  at = file.writeUInt16BE(0x7801, at);
  for (const part of deflated) at += part.copy(file, at);
  at = file.writeUInt32BE(check, at);
  end(typeAt);
  end(begin('IEND', 0));
  return file;
}
