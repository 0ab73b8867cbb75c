import type { OkLab } from '@shared/hair/oklab';
import { shadeMapParams } from '@shared/hair/shade-map';
import { blendStats, type HairStats } from '@shared/hair/hair-stats';
import { HairRecolourer } from '../colour/recolour-gl';
import { MODEL_SIZE } from './protocol';
import type { HairSegmenter } from './segmenter';

/** What live mode shows about itself (and what the benchmark reads): medians over the last couple of seconds. */
export interface LiveStats {
  /** Frames shown per second. */
  fps: number;
  /** The hair model's time per mask (network only) and per mask end to end (scaling, network, smoothing). */
  segmentMs: number;
  segmentTotalMs: number;
  /** Masks per second: how often the hair outline updates. */
  masksPerSecond: number;
  /** GPU recolour per frame (upload, shader, finish). */
  recolourMs: number;
  /** Height of the picture live mode draws, in pixels. */
  drawHeight: number;
  /** True when live mode has lowered its picture size because frames came too slowly. */
  reduced: boolean;
  frames: number;
  masks: number;
}

/** Below this, live mode lowers the picture size (once per step) and says so. */
const MIN_FPS = 12;
const SIZES = [640, 480, 360];
/** Segment at most every this many frames; the mask is carried forward in between. */
const SEGMENT_EVERY = 2;

const median = (xs: number[]) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
};

/**
 * The live loop: every new camera frame is drawn recoloured on the GPU with the latest hair mask; the hair
 * model runs in its worker on the newest frame whenever it is free, so a slow model makes the outline update
 * less often (the mask is carried forward) rather than the picture stutter.
 */
export class LiveSession {
  private readonly gl: HairRecolourer;
  private target: OkLab | null = null;
  private stats: HairStats | null = null;
  private running = false;
  private fresh = true;
  private handle = 0;
  private sizeStep = 0;
  private lowSince = 0;
  private readonly frameTimes: number[] = [];
  private readonly maskTimes: number[] = [];
  private readonly recolourMs: number[] = [];
  private readonly segMs: number[] = [];
  private readonly segTotalMs: number[] = [];
  private frames = 0;
  private lastSegmentFrame = -SEGMENT_EVERY;
  private masks = 0;
  private lastReport = 0;
  view = { split: 0, mirror: true };

  constructor(
    private readonly video: HTMLVideoElement,
    canvas: HTMLCanvasElement,
    private readonly segmenter: HairSegmenter,
    private readonly onStats: (s: LiveStats) => void,
  ) {
    this.gl = new HairRecolourer(canvas);
  }

  setTarget(target: OkLab | null): void {
    this.target = target;
    this.updateParams();
  }

  /** The next mask starts from nothing (a new camera or stream), instead of following the last one. */
  restartMask(): void {
    this.fresh = true;
    this.stats = null;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  stop(): void {
    this.running = false;
    const v = this.video as HTMLVideoElement & { cancelVideoFrameCallback?: (h: number) => void };
    if (v.cancelVideoFrameCallback) v.cancelVideoFrameCallback(this.handle);
    cancelAnimationFrame(this.handle);
  }

  dispose(): void {
    this.stop();
    this.gl.dispose();
  }

  /** The current camera frame as a JPEG, unmirrored and without the preview's colour: the studio's input photo. */
  async capture(): Promise<File> {
    const c = document.createElement('canvas');
    c.width = this.video.videoWidth;
    c.height = this.video.videoHeight;
    c.getContext('2d')!.drawImage(this.video, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => c.toBlob(resolve, 'image/jpeg', 0.92));
    if (!blob) throw new Error('The camera frame could not be captured.');
    return new File([blob], 'live-capture.jpg', { type: 'image/jpeg' });
  }

  private schedule(): void {
    if (!this.running) return;
    const v = this.video as HTMLVideoElement & { requestVideoFrameCallback?: (cb: () => void) => number };
    // a new frame from the camera is the moment to draw; browsers without the callback get animation frames
    this.handle = v.requestVideoFrameCallback ? v.requestVideoFrameCallback(() => this.tick()) : requestAnimationFrame(() => this.tick());
  }

  private updateParams(): void {
    this.gl.setParams(this.target && this.stats && this.stats.coverage > 0.003 ? shadeMapParams(this.stats, { mean: this.target }) : null);
  }

  private tick(): void {
    if (!this.running) return;
    const v = this.video;
    if (v.readyState >= 2 && v.videoWidth > 0) {
      // the model runs on at most every second frame, leaving the processor time to draw the others
      if (!this.segmenter.busy && this.frames - this.lastSegmentFrame >= SEGMENT_EVERY) this.segmentNow();
      const t0 = performance.now();
      const h = Math.min(v.videoHeight, SIZES[this.sizeStep]);
      const w = Math.round((v.videoWidth * h) / v.videoHeight);
      this.gl.setFrame(v, w, h);
      this.gl.draw(this.view);
      this.gl.finish();
      const now = performance.now();
      this.push(this.recolourMs, now - t0);
      this.push(this.frameTimes, now);
      this.frames++;
      this.adapt(now);
      if (now - this.lastReport > 500) {
        this.lastReport = now;
        this.onStats(this.snapshot(now, h));
      }
    }
    this.schedule();
  }

  private segmentNow(): void {
    this.lastSegmentFrame = this.frames;
    const fresh = this.fresh;
    this.fresh = false;
    this.segmenter
      .segment(this.video, fresh)
      .then((r) => {
        if (!this.running) return;
        this.gl.setMask(r.mask, MODEL_SIZE);
        if (r.stats) this.stats = blendStats(this.stats, r.stats);
        this.updateParams();
        this.masks++;
        this.push(this.maskTimes, performance.now());
        this.push(this.segMs, r.ms);
        this.push(this.segTotalMs, r.totalMs);
      })
      .catch(() => {
        // a frame the model could not read (e.g. the camera stopped mid-frame): the next frame tries again
      });
  }

  private push(xs: number[], x: number): void {
    xs.push(x);
    if (xs.length > 60) xs.shift();
  }

  private fps(now: number, times: number[]): number {
    const recent = times.filter((t) => now - t < 2000);
    if (recent.length < 2) return 0;
    return ((recent.length - 1) * 1000) / (recent[recent.length - 1] - recent[0]);
  }

  /** Frames too slow for a couple of seconds: draw a smaller picture (the GPU work scales with pixels). */
  private adapt(now: number): void {
    if (this.frames < 30 || this.sizeStep >= SIZES.length - 1) return;
    if (this.fps(now, this.frameTimes) >= MIN_FPS) {
      this.lowSince = 0;
      return;
    }
    if (!this.lowSince) this.lowSince = now;
    else if (now - this.lowSince > 3000) {
      this.sizeStep++;
      this.lowSince = 0;
    }
  }

  private snapshot(now: number, drawHeight: number): LiveStats {
    return {
      fps: this.fps(now, this.frameTimes),
      segmentMs: median(this.segMs),
      segmentTotalMs: median(this.segTotalMs),
      masksPerSecond: this.fps(now, this.maskTimes),
      recolourMs: median(this.recolourMs),
      drawHeight,
      reduced: this.sizeStep > 0,
      frames: this.frames,
      masks: this.masks,
    };
  }
}
