import { describe, expect, it } from 'vitest';
import { Scratch } from './scratch';

describe('scratch buffers', () => {
  it('hands a released buffer out again, zeroed unless the caller says it writes every element', () => {
    const s = new Scratch();
    const a = s.f32(1000);
    a.fill(7);
    s.release();
    const b = s.f32(1000);
    expect(b.buffer).toBe(a.buffer); // the same pooled memory, not a new allocation
    expect(b.every((v) => v === 0)).toBe(true);
    b.fill(3);
    s.release();
    const c = s.f32(1000, false);
    expect(c.buffer).toBe(a.buffer);
    expect(c[0]).toBe(3); // not cleared: the caller overwrites it whole
  });

  it('zeroes every byte asked for, past the last whole eight', () => {
    const s = new Scratch();
    s.u8(1003).fill(255);
    s.release();
    const again = s.u8(1001); // 125 words and a byte in the same buffer
    expect(again.every((v) => v === 0)).toBe(true);
    expect(new Uint8Array(again.buffer)[1001]).toBe(255); // nothing past the request is touched
  });

  it('takes back only what was handed out after a mark', () => {
    const s = new Scratch();
    const kept = s.u8(64);
    const mark = s.mark();
    const temp = s.u8(64);
    s.release(mark);
    kept[0] = 1;
    const again = s.u8(64);
    expect(again.buffer).toBe(temp.buffer);
    expect(again.buffer).not.toBe(kept.buffer);
    expect(kept[0]).toBe(1);
  });

  it('lives on shared memory, so the other engine thread can write into the same planes', () => {
    expect(new Scratch().i32(8).buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});
