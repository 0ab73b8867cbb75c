/**
 * Where the pipeline's large typed arrays come from. V8 counts every ArrayBuffer as external memory, and
 * the ~45 MB of temporary planes one photo needs made it run a full mark-compact of the worker's heap
 * (Human, tfjs, the models) about once per photo: ~25 ms of GC per image, measured with --trace-gc. An
 * engine worker runs one photo at a time, so the buffers of one run serve the next: a `Scratch` hands out
 * zeroed views of pooled buffers and `release()` takes them all back. Within a run it works as a stack: a
 * stage's temporaries go back with `release(mark)` when the stage ends, so later stages reuse them and the
 * pool holds the largest live set (32 MB for a 0.8 MP photo), not the sum of everything (45 MB).
 * The buffers are SharedArrayBuffers so the worker's other thread can paint into the same planes (recolour.ts).
 */

/** Arrays come zeroed unless `zeroed` is false: for a caller that writes every element before reading any. */
export interface Alloc {
  f32(n: number, zeroed?: boolean): Float32Array;
  i32(n: number, zeroed?: boolean): Int32Array;
  u8(n: number, zeroed?: boolean): Uint8Array;
  /** A point to release back to: arrays handed out after it are temporaries. */
  mark(): number;
  /** Hands back every array handed out since `mark` (all of them without one); they must not be used again. */
  release(mark?: number): void;
}

/** Plain allocation, for callers outside a pipeline run (tests, tools, the fallback matte). */
export const fresh: Alloc = {
  f32: (n) => new Float32Array(n),
  i32: (n) => new Int32Array(n),
  u8: (n) => new Uint8Array(n),
  mark: () => 0,
  release: () => {},
};

/**
 * Runs fn; the arrays it takes from alloc are handed back when it returns (its result must come first).
 * Keep pixel loops out of fn itself and in a named function it calls: V8 optimises a long loop while it runs
 * (on-stack replacement) for that one closure's context, so a loop inside a closure made afresh on every call
 * starts unoptimised every time. Measured on the head components at 1200×1600: 5× slower than the same loop
 * in a named function.
 */
export function withTemporaries<T>(alloc: Alloc, fn: () => T): T {
  const mark = alloc.mark();
  try {
    return fn();
  } finally {
    alloc.release(mark);
  }
}

/** Pooled bytes kept between runs at most; a bigger photo's extra buffers are dropped after its run. */
const KEEP_BYTES = 96 * 1024 * 1024;

export class Scratch implements Alloc {
  private free: SharedArrayBuffer[] = [];
  private used: SharedArrayBuffer[] = [];

  f32(n: number, zeroed = true): Float32Array {
    return new Float32Array(this.take(n * 4, zeroed), 0, n);
  }

  i32(n: number, zeroed = true): Int32Array {
    return new Int32Array(this.take(n * 4, zeroed), 0, n);
  }

  u8(n: number, zeroed = true): Uint8Array {
    return new Uint8Array(this.take(n, zeroed), 0, n);
  }

  mark(): number {
    return this.used.length;
  }

  release(mark = 0): void {
    this.free.push(...this.used.splice(mark));
    this.free.sort((a, b) => a.byteLength - b.byteLength);
    let total = this.free.reduce((s, b) => s + b.byteLength, 0);
    while (total > KEEP_BYTES && this.free.length) total -= this.free.pop()!.byteLength;
  }

  private take(bytes: number, zeroed: boolean): SharedArrayBuffer {
    // best fit: the smallest free buffer that is large enough (free is sorted by size)
    const at = this.free.findIndex((b) => b.byteLength >= bytes);
    let buf: SharedArrayBuffer;
    if (at >= 0) {
      buf = this.free.splice(at, 1)[0];
      // the memset was ~17 ms a photo at 1200×1600 before the arrays written whole skipped it
      if (zeroed) zero(buf, bytes);
    } else buf = new SharedArrayBuffer(Math.max(bytes, 64));
    this.used.push(buf);
    return buf;
  }
}

/**
 * Zeroes the first `bytes` of a shared buffer eight bytes a store. V8 fills a shared array with relaxed atomic
 * stores of the element's size: a Uint8Array's fill ran byte by byte, 4× slower than a Float64Array's on a
 * 1200×1600 plane (2.6 → 0.65 ms).
 */
function zero(buf: SharedArrayBuffer, bytes: number): void {
  const words = bytes >>> 3;
  new Float64Array(buf, 0, words).fill(0);
  new Uint8Array(buf, words * 8, bytes - words * 8).fill(0);
}
