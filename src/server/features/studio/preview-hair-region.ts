import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Preview, PreviewRequest } from '@shared/studio/preview';
import { EngineInputError } from '../../engine/errors';
import { AppError } from '../../http/app-error';
import type { Services } from '../../services';
import { prepareImage } from './prepare-image';

/**
 * Names the photo a preview showed, so Generate can tell it is rendering that photo (decision 138): a hash of
 * the photo as the engine uses it, which the same upload always gives again.
 */
export const previewIdOf = (jpeg: Buffer) => createHash('sha256').update(jpeg).digest('hex').slice(0, 32);

/**
 * The free preview (decision 138): the photo as the render will use it, the hair region it will paint (the
 * engine keeps it for the render), whose hair it is and where it may be wrong. Nothing is charged or stored.
 */
export async function previewHairRegion(services: Pick<Services, 'engine'>, req: PreviewRequest, opts: { signal?: AbortSignal } = {}): Promise<Preview> {
  const input = await prepareImage(req.imageBase64, 'imageBase64');
  let p;
  try {
    p = await services.engine.preview({ image: input.jpeg, person: req.person, signal: opts.signal });
  } catch (err) {
    if (err instanceof EngineInputError) throw new AppError('invalid-argument', err.message, { reason: err.code });
    throw err;
  }
  const matte = await greyPng(p.matte, p.width, p.height);
  // the network's belief at its own grid (decision 187) and the person matte at the selfie model's (decision 203):
  // a few tens of KB beside the region
  const [belief, person] = await Promise.all([p.belief, p.person].map((g) => (g ? greyPng(g.data, g.width, g.height) : null)));
  return {
    width: p.width,
    height: p.height,
    photo: input.jpeg.toString('base64'),
    matte: matte.toString('base64'),
    belief: belief?.toString('base64') ?? null,
    person: person?.toString('base64') ?? null,
    previewId: previewIdOf(input.jpeg),
    matteSource: p.model === 'fallback' ? 'fallback' : 'hair-model',
    people: p.people,
    flags: p.flags,
    read: p.analysis,
  };
}

/** One byte per pixel as an 8-bit grey PNG. */
function greyPng(data: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(data, { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();
}
