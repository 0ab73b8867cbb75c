/**
 * The hair engine: `createEngine(config)` → `generate()`, `ready()`, `close()`.
 *  - `local`: on-device hair matte (MediaPipe hair model via LiteRT.js, or the fallback matte) + recolour,
 *    in a worker_threads pool.
 *  - `gemini` / `openai`: hosted generative edits (shape changes too); when not configured or failing,
 *    colour prompts fall back to `local`, and `applied` says so.
 *  - `auto`: the hosted provider that is configured (Gemini first), else `local`.
 * The engine reads no environment variables: everything comes in `EngineConfig`.
 */
import { createHash } from 'node:crypto';
import type { HairAnalysis, EngineName } from '@shared/hair/engine-result';
import type { Belief, GridPlane } from '@shared/hair/apply-corrections';
import type { Corrections, Point } from '@shared/studio/corrections';
import { NOTHING_ASKED, type HairRequest } from '@shared/hair/prompt';
import { appliesColour, routeOfPrompt, type HairRoute } from '@shared/hair/prompt-reading';
import { EngineInputError, MESSAGES, abortError } from './errors';
import { renderCut, type CutLocal } from './cut/cut-path';
import { ProviderError, type EditRequest, type HostedUsage, type ImageEditProvider } from './hosted/provider';
import type { RegionFlag } from './matte/flags';
import type { HairRegion, MatteSource } from './pipeline';
import { EnginePool } from './pool';
import { RegionCache } from './region-cache';

export { EngineInputError } from './errors';
export type { EngineName };

export interface EngineConfig {
  engine: 'local' | 'gemini' | 'openai' | 'auto';
  modelPath: string;
  threads: number;
  /** The hair model's second look at the region around the hair (decision 120): default on; off saves one inference. */
  secondLook?: boolean;
  /** `timeoutMs` (optional, default 90 s) bounds one provider request. */
  gemini?: { apiKey: string; baseUrl?: string; model: string; timeoutMs?: number };
  openai?: { apiKey: string; baseUrl?: string; model: string; timeoutMs?: number };
  logger?: { info(msg: string): void; warn(msg: string): void };
}

export interface GenerateInput {
  image: Buffer;
  mimeType: string;
  prompt: string;
  /**
   * The prompt as read by the route that took the request (parseHairPrompt), once: it travels with the job to the
   * engine's threads and a queue's workers, and decides the route (decision 180).
   */
  reading: HairRequest;
  reference?: { image: Buffer; mimeType: string };
  signal?: AbortSignal;
  /** Also return the hair matte (local engine; `npm run tryon -- --matte`): the corrected one, as painted. */
  withMatte?: boolean;
  /** The person's fixes to the hair region and whose hair it is (decision 138), in the photo's pixels after orientation. */
  corrections?: Corrections;
  /**
   * Where the app keeps this generation's photo and result. An engine that hands the work to another
   * process (queue mode, decision 117) stores the files there itself and passes these keys, not bytes.
   */
  keys?: { input: string; output: string; reference: string };
}

export interface GenerateResult {
  png: Buffer;
  applied: string;
  technique: string | null;
  colours: string[];
  analysis: HairAnalysis | null;
  engine: EngineName;
  timings: Record<string, number>;
  /** The hair matte (0..255 per pixel, the result's size), when `withMatte` was asked of the local engine. */
  matte?: { width: number; height: number; data: Uint8Array };
  /** True when the engine already stored the photo and the result under `GenerateInput.keys`. */
  stored?: boolean;
  /** Which path drew the picture: 'local' (the on-device engine alone) or 'cut' (a hosted cut, see `hosted`). */
  route: HairRoute;
  /** What the hosted call used, whenever one was made and answered: what its cost is computed from. */
  hosted?: HostedUsage;
}

export interface PreviewInput {
  image: Buffer;
  /** Whose hair: a point on their face. */
  person?: Point;
  signal?: AbortSignal;
}

/** The hair region a render of this photo will paint, before the person's corrections (decision 138). */
export interface EnginePreview {
  width: number;
  height: number;
  /** 0..255 per pixel. */
  matte: Uint8Array;
  /** The hair network's belief, which the studio's taps read as the engine's do (decision 187); null without the model. */
  belief: Belief | null;
  /** The person matte outside the chosen face, which the studio's "add hair" taps read as the engine's do (decision 203); null without the model. */
  person: GridPlane | null;
  people: { box: { x: number; y: number; w: number; h: number }; chosen: boolean }[];
  flags: RegionFlag[];
  analysis: HairAnalysis;
  model: MatteSource;
}

export interface HairEngine {
  generate(input: GenerateInput): Promise<GenerateResult>;
  /** The hair region the local engine paints for this photo: what the studio shows before a credit is spent. */
  preview(input: PreviewInput): Promise<EnginePreview>;
  /** Loads the models (used by /readyz). */
  ready(): Promise<{ model: 'hair-segmentation' | 'fallback' }>;
  close(): Promise<void>;
}

const silent = { info() {}, warn() {} };

/** Regions kept per process: a person tries several shades on one photo (≈2 MB each at 1200×1600). */
const REGION_CACHE_SIZE = 16;

/** The cache key of a photo's region: its bytes and whose hair (a point moves the choice only to another face, so it is part of the key). */
function regionKey(image: Uint8Array, person: Point | undefined): string {
  const hash = createHash('sha256').update(image).digest('hex');
  return person ? `${hash}@${Math.round(person.x)},${Math.round(person.y)}` : hash;
}

class LocalEngine implements HairEngine, CutLocal {
  private pool: EnginePool | null = null;
  private warned = false;
  /**
   * The region found for each recent photo: the preview finds it once and every shade tried and the paid
   * render paint it (decision 138). A photo not in it is found again, with the same result: the pipeline is
   * deterministic.
   */
  private regions = new RegionCache(REGION_CACHE_SIZE);
  constructor(private readonly config: EngineConfig) {}

  private getPool(): EnginePool {
    if (!this.pool) {
      this.pool = new EnginePool(Math.max(1, this.config.threads || 1), this.config.modelPath, this.config.secondLook ?? true);
      this.pool.ready().then(
        (r) => {
          const log = this.config.logger ?? silent;
          if (r.model === 'fallback' && !this.warned) {
            this.warned = true;
            log.warn(`hair engine: ${r.fallbackReason ?? 'using the fallback matte'}`);
          } else log.info(`hair engine: ${r.model} model loaded in ${r.loadMs} ms (${this.config.threads} worker${this.config.threads === 1 ? '' : 's'})`);
        },
        () => {},
      );
    }
    return this.pool;
  }

  async ready(): Promise<{ model: 'hair-segmentation' | 'fallback' }> {
    const r = await this.getPool().ready();
    return { model: r.model };
  }

  async generate(input: GenerateInput): Promise<GenerateResult> {
    if (!((input.image as unknown) instanceof Uint8Array)) throw new EngineInputError(MESSAGES.undecodable, 'undecodable');
    const t0 = performance.now();
    // copies: the buffers are transferred to the worker
    const image = new Uint8Array(input.image);
    const reference = input.reference ? new Uint8Array(input.reference.image) : undefined;
    const person = input.corrections?.person;
    const key = regionKey(image, person);
    // the person matte is found for a render only when its taps add hair (decision 211)
    const tapPlane = !!input.corrections?.marks.some((m) => m.label === 'hair');
    const region = withTapPlane(await this.regions.get(key), tapPlane);
    const r = await this.getPool().run(
      {
        type: 'generate',
        image,
        reading: input.reading,
        reference,
        debug: input.withMatte,
        region,
        person,
        marks: input.corrections?.marks,
        wantRegion: !region,
        tapPlane,
      },
      input.signal,
    );
    if (r.region) await this.regions.set(key, r.region);
    const timings = { ...r.timings, queueAndTransfer: Math.round(performance.now() - t0 - (r.timings.total ?? 0)) };
    return {
      png: Buffer.from(r.png.buffer, r.png.byteOffset, r.png.byteLength),
      applied: r.applied,
      technique: r.technique,
      colours: r.colours,
      analysis: r.analysis,
      engine: 'local',
      route: 'local',
      timings,
      ...(r.debug ? { matte: { width: r.width, height: r.height, data: r.debug.matte } } : {}),
    };
  }

  async preview(input: PreviewInput): Promise<EnginePreview> {
    if (!((input.image as unknown) instanceof Uint8Array)) throw new EngineInputError(MESSAGES.undecodable, 'undecodable');
    const image = new Uint8Array(input.image);
    const key = regionKey(image, input.person);
    const region = withTapPlane(await this.regions.get(key), true);
    // the read of the hair as it is: no prompt, no picture
    const r = await this.getPool().run(
      { type: 'generate', image, reading: NOTHING_ASKED, analyseOnly: true, region, person: input.person, wantRegion: true },
      input.signal,
    );
    const found = r.region!;
    await this.regions.set(key, found);
    return {
      width: r.width,
      height: r.height,
      matte: found.matte,
      belief: found.belief,
      person: found.person,
      people: found.faces.map((f, k) => ({ box: { x: f.cx - f.w / 2, y: f.cy - f.h / 2, w: f.w, h: f.h }, chosen: k === found.main })),
      flags: r.flags ?? [],
      analysis: r.analysis,
      model: r.model,
    };
  }

  async regionOf(image: Uint8Array, opts: { reading: HairRequest; person?: Point; keep: boolean; bareHead?: boolean; signal?: AbortSignal }) {
    const key = opts.keep ? regionKey(image, opts.person) : '';
    const cached = opts.keep ? await this.regions.get(key) : undefined;
    const { reading, person, bareHead } = opts;
    const r = await this.getPool().run(
      // a kept region may serve a preview next, which needs the person matte; a cut's pictures do not
      { type: 'generate', image: new Uint8Array(image), reading, analyseOnly: true, region: cached, person, wantRegion: true, bareHead, tapPlane: opts.keep },
      opts.signal,
    );
    const region = r.region!;
    if (opts.keep) await this.regions.set(key, region);
    return { region, analysis: r.analysis };
  }

  async paint(image: Uint8Array, opts: { reading: HairRequest; region: HairRegion; reference?: Uint8Array; signal?: AbortSignal }) {
    const r = await this.getPool().run(
      { type: 'generate', image: new Uint8Array(image), reading: opts.reading, region: opts.region, reference: opts.reference },
      opts.signal,
    );
    return { png: r.png, technique: r.technique };
  }

  async close(): Promise<void> {
    const p = this.pool;
    this.pool = null;
    if (p) await p.close();
  }
}

/**
 * A kept region, unless the person matte is needed and it was found without one (a render without "add hair"
 * taps does not look for it, decision 211): then the photo is looked at again. Without the hair model there is
 * no belief and no person matte to have.
 */
function withTapPlane(region: HairRegion | undefined, tapPlane: boolean): HairRegion | undefined {
  return region && tapPlane && region.belief && !region.person ? undefined : region;
}

class HostedEngine implements HairEngine {
  private warnedMissing = false;
  constructor(
    private readonly name: 'gemini' | 'openai',
    private readonly provider: ImageEditProvider | null,
    private readonly local: LocalEngine,
    private readonly log: { info(msg: string): void; warn(msg: string): void },
  ) {}

  ready() {
    return this.local.ready();
  }

  /** The region a colour render paints (and that a provider that fails falls back to). */
  preview(input: PreviewInput) {
    return this.local.preview(input);
  }

  close() {
    return this.local.close();
  }

  async generate(input: GenerateInput): Promise<GenerateResult> {
    const req = input.reading;
    // a colour alone never leaves the machine (issue 36): the on-device engine draws it, no hosted call
    if (routeOfPrompt(req, !!input.reference) === 'local') return this.local.generate(input);
    const isColour = appliesColour(req, !!input.reference);
    const fallback = async (why: string): Promise<GenerateResult> => {
      const r = await this.local.generate(input);
      return { ...r, applied: `${r.applied} (${why}: colour applied on-device)` };
    };
    if (!this.provider) {
      if (!this.warnedMissing) {
        this.warnedMissing = true;
        this.log.warn(`hair engine: HAIR_ENGINE=${this.name} but no API key is configured; colour prompts use the local engine`);
      }
      if (isColour) return fallback(`${this.name} is not configured`);
      throw new EngineInputError(MESSAGES.cutOnly, 'unsupported-request');
    }
    try {
      const r = await renderCut({ provider: this.provider, local: this.local, log: this.log }, input);
      return { ...r, engine: this.name, route: 'cut' };
    } catch (err) {
      if (input.signal?.aborted) throw abortError(input.signal.reason);
      if (!(err instanceof ProviderError)) throw err;
      this.log.warn(`hair engine: ${this.name} failed: ${err.message}`);
      // the provider did not answer with a picture: the colour, if asked, is still ours to give (the studio
      // refunds it unless the person agreed to colour only)
      if (isColour) return fallback(err.kind === 'refused' ? `${this.name} declined the request` : `${this.name} was unavailable`);
      if (err.kind === 'refused') throw new EngineInputError(MESSAGES.providerDeclined, 'unsupported-request');
      throw new Error(`hair engine: ${this.name} failed: ${err.message}`, { cause: err });
    }
  }
}

/** A provider whose SDK loads on first use: a local-only deployment never pays the SDKs' ~25 MB. */
function onFirstUse(name: ImageEditProvider['name'], model: string, load: () => Promise<ImageEditProvider>): ImageEditProvider {
  let provider: Promise<ImageEditProvider> | null = null;
  return { name, model, edit: (req: EditRequest) => (provider ??= load()).then((p) => p.edit(req)) };
}

/** The engine `auto` stands for: the hosted provider whose key is set (Gemini first), else the local one. */
function autoEngine(config: EngineConfig): 'local' | 'gemini' | 'openai' {
  if (config.gemini?.apiKey) return 'gemini';
  if (config.openai?.apiKey) return 'openai';
  return 'local';
}

export function createEngine(config: EngineConfig): HairEngine {
  const log = config.logger ?? silent;
  const local = new LocalEngine(config);
  const engine = config.engine === 'auto' ? autoEngine(config) : config.engine;
  if (engine === 'local') return local;
  if (engine === 'gemini') {
    const cfg = config.gemini;
    return new HostedEngine(
      'gemini',
      cfg?.apiKey ? onFirstUse('gemini', cfg.model, async () => new (await import('./hosted/gemini')).GeminiProvider(cfg)) : null,
      local,
      log,
    );
  }
  const cfg = config.openai;
  return new HostedEngine(
    'openai',
    cfg?.apiKey ? onFirstUse('openai', cfg.model, async () => new (await import('./hosted/openai')).OpenAIProvider(cfg)) : null,
    local,
    log,
  );
}
