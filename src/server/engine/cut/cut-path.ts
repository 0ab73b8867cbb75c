/**
 * The cut path (issue 36, decision 165): the hosted provider draws the cut, Tress keeps everything else.
 *   original's region and face (refused here, before any call, without a face) → the provider, asked for the
 *   cut only → the generated picture's hair and face → alignment of its face onto the original's (or a
 *   refusal) → compositing (composite.ts) → the prompt's colour painted by the local engine on the new hair.
 */
import sharp from 'sharp';
import type { HairAnalysis } from '@shared/hair/engine-result';
import { describeRequest, NOTHING_ASKED, type HairRequest } from '@shared/hair/prompt';
import { appliesColour } from '@shared/hair/prompt-reading';
import { applyCorrections } from '@shared/hair/apply-corrections';
import type { Corrections, Point } from '@shared/studio/corrections';
import { CutRefusedError, EngineInputError, MESSAGES } from '../errors';
import type { HostedUsage, ImageEditProvider } from '../hosted/provider';
import { decodeImage } from '../image/decode';
import { encodePng } from '../image/png';
import { dilate, type Rgb } from '../image/raster';
import type { FaceGeom } from '../matte/main-person';
import { FACE_OVAL, fillPolygon } from '../matte/refine';
import { MATTE } from '../find-hair';
import type { HairRegion } from '../pipeline';
import { alignFaces, facePoints, warpToOriginal } from './align';
import { compositeCut, seamRadius, type Composite } from './composite';
import { cutAsk, cutInstruction, cutLabel } from './cut-request';

/** What the cut path needs of the local engine (its worker pool): finding a region, painting a colour on one. */
export interface CutLocal {
  /** The photo's hair region and faces, and the reading's analysis of its hair; `keep`: from and into the preview's cache. */
  regionOf(
    image: Uint8Array,
    opts: { reading: HairRequest; person?: Point; keep: boolean; bareHead?: boolean; signal?: AbortSignal },
  ): Promise<{ region: HairRegion; analysis: HairAnalysis }>;
  /** The reading's colour painted on `region` of `image` (a PNG). */
  paint(
    image: Uint8Array,
    opts: { reading: HairRequest; region: HairRegion; reference?: Uint8Array; signal?: AbortSignal },
  ): Promise<{ png: Uint8Array; technique: string | null }>;
}

export interface CutInput {
  image: Buffer;
  /** The words, for what only they say (a length: cut-request.ts). */
  prompt: string;
  /** The prompt as the server read it (decision 180). */
  reading: HairRequest;
  reference?: { image: Buffer };
  corrections?: Corrections;
  signal?: AbortSignal;
}

export interface CutResult {
  png: Buffer;
  applied: string;
  technique: string | null;
  colours: string[];
  analysis: HairAnalysis;
  hosted: HostedUsage;
  timings: Record<string, number>;
}

/** Long side of the photo a provider is sent: they work at about 1–1.5 MP and resize anyway. */
const PROVIDER_MAX_SIDE = 1536;
/** New hair at or above this matte value (0..255) counts as hair to paint: below it, a cut left none (a shave). */
const PAINTABLE = 128;
/** A cut that leaves a head bare (a buzz cut, a shave): when there is hair enough to colour. */
const BARE = {
  /**
   * Hair found on the result is painted only where it is thicker than twice this, in face widths: the rim the
   * hair model draws round the fake's shaved scalp is gone at this, a buzz cut's stubble over the scalp and a
   * pixie's hair (0.15 face widths and more) are not.
   */
  rimOfFace: 0.05,
} as const;
/** What the result says after the cut when the prompt asked for a colour and the cut left no hair to take it. */
export const NO_HAIR_TO_COLOUR = 'no hair left to colour, so the colour wasn’t applied';

/** The photo as a provider gets it: PNG, orientation applied, long side ≤ PROVIDER_MAX_SIDE. */
function toProviderPng(photo: Rgb): Promise<Buffer> {
  return sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .resize({ width: PROVIDER_MAX_SIDE, height: PROVIDER_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
}

/** The provider's answer decoded as the pool decodes photos, or an engine failure: it sent no usable picture. */
async function decodeAnswer(bytes: Buffer, provider: string): Promise<Rgb> {
  try {
    return await decodeImage(bytes);
  } catch (err) {
    throw new Error(`hair engine: ${provider} returned an unreadable image`, { cause: err });
  }
}

/** The original's hair, 0..1, with the person's taps and strokes applied as the preview showed them. */
function oldHairOf(photo: Rgb, region: HairRegion, corrections: Corrections | undefined): Float32Array {
  const matte = corrections?.marks.length
    ? applyCorrections({
        rgba: photo.data,
        channels: 3,
        width: photo.width,
        height: photo.height,
        matte: region.matte,
        marks: corrections.marks,
        belief: region.belief,
        person: region.person,
      })
    : region.matte;
  const hair = new Float32Array(matte.length);
  for (let i = 0; i < matte.length; i++) hair[i] = matte[i] / 255;
  return hair;
}

function stopwatch(): { lap(name: string): void; timings: Record<string, number> } {
  const timings: Record<string, number> = {};
  const start = performance.now();
  let last = start;
  return {
    lap(name) {
      const now = performance.now();
      timings[name] = Math.round(now - last);
      timings.total = Math.round(now - start);
      last = now;
    },
    timings,
  };
}

/**
 * The colour by Tress, as on the local path: the hair found again on the composite at the photo's own
 * resolution (the generated picture's matte, resized, is softer than the hair's edge), kept to what came from
 * the generated picture and to a seam around its new hair, so not a pixel outside the old and new hair
 * changes and what a shorter cut uncovered is not painted where the hair model mistakes it for hair. Too
 * little hair left to colour by the local engine's own rule (MATTE.minAreaOfFace: a shave, whose scraps at
 * the seam would come out as streaks of colour) gives null, and the result says so; a buzz cut's stubble found
 * as hair, or a short pixie, is painted.
 */
async function paintNewHair(
  local: CutLocal,
  at: { png: Buffer; composite: Composite; face: FaceGeom; input: CutInput },
): Promise<{ png: Buffer; technique: string | null } | null> {
  const { png, composite, face, input } = at;
  const { reading, signal } = input;
  const { width: W, height: H } = composite.img;
  const seen = await local.regionOf(png, { reading: NOTHING_ASKED, person: { x: face.cx, y: face.cy }, keep: false, bareHead: true, signal });
  const nearNew = dilate(
    composite.newHair.map((v) => (v >= PAINTABLE ? 1 : 0)),
    W,
    H,
    2 * seamRadius(face.w),
  );
  const matte = seen.region.matte;
  // on the face the search's face guard holds back hair over the forehead, so a new fringe's lower edge kept
  // its drawn colour as a dark line: there the generated picture's own hair is painted as well
  const onFace = new Uint8Array(matte.length);
  fillPolygon(
    FACE_OVAL.map((k) => face.mesh[k]),
    W,
    H,
    (i) => (onFace[i] = 1),
  );
  const notHair = new Uint8Array(matte.length);
  for (let i = 0; i < matte.length; i++) {
    matte[i] = nearNew[i] ? Math.min(matte[i], Math.round(255 * composite.weight[i])) : 0;
    if (onFace[i]) matte[i] = Math.max(matte[i], composite.newHair[i]);
    notHair[i] = matte[i] >= PAINTABLE ? 0 : 1;
  }
  // hair is counted where it is thicker than a line: the hair model often sees a bare scalp's outline against
  // the room as a thin rim of hair, which painted would ring a shaved head with colour
  const thin = dilate(notHair, W, H, Math.max(1, Math.round(BARE.rimOfFace * face.w)));
  let hair = 0;
  for (let i = 0; i < thin.length; i++) if (!thin[i]) hair++;
  if (hair < face.w * face.h * MATTE.minAreaOfFace) return null;
  const painted = await local.paint(png, {
    reading,
    region: { ...seen.region, matte },
    reference: input.reference && new Uint8Array(input.reference.image),
    signal,
  });
  return { png: Buffer.from(painted.png.buffer, painted.png.byteOffset, painted.png.byteLength), technique: painted.technique };
}

export async function renderCut(
  parts: { provider: ImageEditProvider; local: CutLocal; log: { warn(msg: string): void } },
  input: CutInput,
): Promise<CutResult> {
  const { provider, local, log } = parts;
  const { reading: req, signal } = input;
  const watch = stopwatch();
  const photo = await decodeImage(input.image);
  const person = input.corrections?.person;
  // the original first: without a face to keep there is nothing to align to, and nothing is paid for yet
  const original = await local.regionOf(input.image, { reading: req, person, keep: true, signal });
  const face = original.region.main >= 0 ? original.region.faces[original.region.main] : null;
  const facePts = facePoints(face);
  if (!face || !facePts) throw new EngineInputError(MESSAGES.cutNeedsFace, 'no-face');
  watch.lap('region');
  const sent = await toProviderPng(photo);
  const ask = cutAsk(input.prompt, req);
  watch.lap('prepare');
  const { bytes, usage } = await provider.edit({ image: sent, instruction: cutInstruction(ask), signal });
  watch.lap(provider.name);

  // paid for from here: a refusal carries the call's usage
  const refuse = (message: string, why: string) => {
    log.warn(`hair engine: ${provider.name} cut refused: ${why}`);
    return new CutRefusedError(message, usage);
  };
  const answer = await decodeAnswer(bytes, provider.name);
  const k = answer.width / photo.width;
  // a buzz cut or a shave leaves little or no hair: that is the cut asked for, not a picture to refuse
  const generated = await local
    .regionOf(bytes, { reading: NOTHING_ASKED, person: person && { x: person.x * k, y: person.y * k }, keep: false, bareHead: true, signal })
    .catch((err: unknown) => {
      if (err instanceof EngineInputError) throw refuse(MESSAGES.cutUnusable, err.code);
      throw err;
    });
  watch.lap('regionGenerated');
  const g = generated.region;
  const fit = alignFaces(facePts, facePoints(g.main >= 0 ? g.faces[g.main] : null), {
    width: photo.width,
    height: photo.height,
    generatedWidth: answer.width,
    generatedHeight: answer.height,
  });
  if ('failure' in fit) throw refuse(MESSAGES.cutFaceChanged, `${fit.failure} (${fit.detail})`);
  const warped = warpToOriginal(answer, g.matte, fit.toOriginal, photo);
  watch.lap('align');
  const oldHair = oldHairOf(photo, original.region, input.corrections);
  const composite = compositeCut({ original: photo, warped, oldHair, face, longer: /^longer/.test(ask.length ?? '') });
  watch.lap('composite');

  const hasReference = !!input.reference;
  const asksColour = appliesColour(req, hasReference);
  let png = await encodePng(composite.img);
  watch.lap('encode');
  const painted = asksColour ? await paintNewHair(local, { png, composite, face, input }) : null;
  if (painted) {
    png = painted.png;
    watch.lap('colour');
  }
  const colourWords = painted ? describeRequest(req, hasReference ? 'Colour from your reference photo' : undefined) : '';
  const cut = cutLabel(ask);
  // a colour asked of a head the cut left bare is said, not silently dropped
  const bare = asksColour && !painted ? ` (${NO_HAIR_TO_COLOUR})` : '';
  return {
    png,
    applied: colourWords ? `${colourWords}, ${cut.charAt(0).toLowerCase()}${cut.slice(1)}` : cut + bare,
    technique: painted?.technique ?? null,
    colours: painted && !hasReference ? req.colourIds : [],
    analysis: original.analysis,
    hosted: usage,
    timings: watch.timings,
  };
}
