import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Chromium's fake camera plays a .y4m file (`--use-file-for-fake-video-capture`). This makes one from a
 * committed fixture portrait at test time (a raw video is megabytes; the JPEG is kilobytes): the picture
 * resized, converted to YUV 4:2:0 (BT.601, full range as `C420jpeg` declares) and written as `frames`
 * identical frames, which Chromium loops.
 */
export async function makeFakeCameraVideo(portrait: string, outDir: string, opts: { width?: number; height?: number; frames?: number } = {}): Promise<string> {
  const W = opts.width ?? 480;
  const H = opts.height ?? 640;
  const { data } = await sharp(portrait).resize(W, H, { fit: 'cover' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(W * H);
  const u = Buffer.alloc((W / 2) * (H / 2));
  const v = Buffer.alloc((W / 2) * (H / 2));
  const clamp = (x: number) => Math.max(0, Math.min(255, Math.round(x)));
  for (let i = 0; i < W * H; i++) {
    y[i] = clamp(0.299 * data[i * 3] + 0.587 * data[i * 3 + 1] + 0.114 * data[i * 3 + 2]);
  }
  for (let cy = 0; cy < H / 2; cy++) {
    for (let cx = 0; cx < W / 2; cx++) {
      let r = 0,
        g = 0,
        b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ]) {
        const o = ((cy * 2 + dy) * W + cx * 2 + dx) * 3;
        r += data[o];
        g += data[o + 1];
        b += data[o + 2];
      }
      r /= 4;
      g /= 4;
      b /= 4;
      u[cy * (W / 2) + cx] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      v[cy * (W / 2) + cx] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  const frames = Array.from({ length: opts.frames ?? 2 }, () => frame);
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${path.basename(portrait, path.extname(portrait))}-${W}x${H}.y4m`);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F30:1 Ip A1:1 C420jpeg\n`), ...frames]));
  return file;
}
