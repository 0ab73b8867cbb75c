/**
 * MediaPipe's hair segmentation network (hair_segmentation.tflite, Apache-2.0) through LiteRT.js.
 * Input 512×512 RGBA float in [0,1] with alpha 0 (no previous-frame mask for stills), the photo
 * stretched (not letterboxed: stretching keeps curl ends, see ENGINE-NOTES). Output: two logits per
 * pixel; hair probability = softmax channel 1.
 */
import { readFile } from 'node:fs/promises';
import { compileTflite, type CompiledModel, type LiteRtModule } from '../runtime/litert-node';
import { resizeRgbBilinear, type Rgb } from '../image/raster';
import type { Share } from '../halves';

export const HAIR_MODEL_SIZE = 512;
/** sha256 of MediaPipe's hair_segmentation.tflite (models/README.md). */
export const HAIR_MODEL_SHA256 = 'd2c940c4fd80edeaf38f5d7387d1b4235ee320ed120080df67c663e749e77633';

export interface HairModel {
  /** Hair probability at 512×512 for the (stretched) image, written into `out` when given. */
  segment(img: Rgb, out?: Float32Array): Promise<Float32Array>;
  /** On its own thread, the model's thread also takes half of the pixel work (halves.ts). */
  share?: Share;
  close(): void;
}

export async function loadHairModel(modelPath: string, opts: { build?: 'auto' | 'compat' } = {}): Promise<HairModel> {
  const bytes = new Uint8Array(await readFile(modelPath));
  if (bytes.length < 8 || String.fromCharCode(...bytes.subarray(4, 8)) !== 'TFL3') {
    throw new Error(`${modelPath} is not a TFLite flatbuffer`);
  }
  const { lrt, model } = await compileTflite(bytes, 1, opts.build ?? 'auto');
  const inShape = [...(model.getInputDetails()[0]?.shape ?? [])].join('x');
  const outShape = [...(model.getOutputDetails()[0]?.shape ?? [])].join('x');
  if (inShape !== `1x${HAIR_MODEL_SIZE}x${HAIR_MODEL_SIZE}x4` || outShape !== `1x${HAIR_MODEL_SIZE}x${HAIR_MODEL_SIZE}x2`) {
    model.delete();
    throw new Error(`${modelPath} is not MediaPipe's hair segmentation model (input ${inShape}, output ${outShape})`);
  }
  return new LiteRtHairModel(lrt, model);
}

class LiteRtHairModel implements HairModel {
  private readonly input = new Float32Array(HAIR_MODEL_SIZE * HAIR_MODEL_SIZE * 4);
  constructor(
    private readonly lrt: LiteRtModule,
    private readonly model: CompiledModel,
  ) {}

  async segment(img: Rgb, out = new Float32Array(HAIR_MODEL_SIZE * HAIR_MODEL_SIZE)): Promise<Float32Array> {
    const S = HAIR_MODEL_SIZE;
    const small = img.width === S && img.height === S ? img : resizeRgbBilinear(img, S, S);
    const inp = this.input;
    packInput(small.data, inp);
    const t = new this.lrt.Tensor(inp, [1, S, S, 4]);
    let outs: Awaited<ReturnType<CompiledModel['run']>> | null = null;
    try {
      outs = (await this.model.run(t)) as InstanceType<typeof this.lrt.Tensor>[];
      const logits = outs[0].toTypedArray() as Float32Array;
      if (logits.length !== S * S * 2) throw new Error(`hair model returned ${logits.length} values, expected ${S * S * 2}`);
      hairProbability(logits, out);
      return out;
    } finally {
      t.delete();
      if (outs) for (const o of outs as { delete(): void }[]) o.delete();
    }
  }

  close(): void {
    this.model.delete();
  }
}

/*
 * The two loops of segment() live in sync functions: V8 does not optimise a loop inside an async function
 * while it runs (no on-stack replacement there), and these run over 262,144 cells twice a photo.
 */

/** RGB bytes → the network's input: RGB in [0, 1] and a fourth channel (the previous mask) of zeros. */
function packInput(px: Uint8Array, inp: Float32Array): void {
  for (let i = 0, j = 0; j < px.length; i++, j += 3) {
    inp[i * 4] = px[j] / 255;
    inp[i * 4 + 1] = px[j + 1] / 255;
    inp[i * 4 + 2] = px[j + 2] / 255;
    inp[i * 4 + 3] = 0;
  }
}

/** The two-channel logits → hair probability per cell (softmax over two channels = sigmoid of the difference). */
function hairProbability(logits: Float32Array, out: Float32Array): void {
  for (let i = 0; i < out.length; i++) out[i] = 1 / (1 + Math.exp(logits[i * 2] - logits[i * 2 + 1]));
}
