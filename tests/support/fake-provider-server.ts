/**
 * A protocol-faithful fake of the two hosted image-editing APIs on loopback, for tests and local runs:
 *  - Gemini: POST /v1beta/models/{model}:generateContent (JSON; inlineData or inline_data parts)
 *  - OpenAI: POST /v1/images/edits (multipart/form-data; image or image[] parts) → { data: [{ b64_json }] }
 * The real SDKs are pointed at it through their base-URL options. `scenario` switches behaviour:
 *  - 'ok': the photo tinted, at another size and aspect (as real providers answer);
 *  - 'cut': what generative editors do with a haircut (fake-cut.ts): the hair cut to a bob with a fringe, and
 *    the face and room recoloured, the picture shifted, rescaled and at another size;
 *  - 'buzz', 'shave': a buzz cut (stubble) or a shaved head, faulted the same way (fake-cut.ts);
 *  - 'turned': the face squeezed as a turned head's is, which cannot be put back on the photo's;
 *  - 'refuse', 'quota', 'no-image', 'slow', 'malformed', 'server-error': the providers' failures.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { HairEngine } from '../../src/server/engine';
import { fakeBuzz, fakeCut, fakeTurned, type FakeCutRecord, type HairOf } from './fake-cut';

export type FakeScenario = 'ok' | 'cut' | 'buzz' | 'shave' | 'turned' | 'refuse' | 'quota' | 'no-image' | 'slow' | 'malformed' | 'server-error';

export interface RecordedRequest {
  api: 'gemini' | 'openai';
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Gemini: the parsed JSON body. OpenAI: multipart fields (files as { filename, type, size }). */
  body: unknown;
  /** The scenario in force when the request arrived. */
  scenario: FakeScenario;
}

export interface FakeProviderServer {
  url: string;
  scenario: FakeScenario;
  slowMs: number;
  requests: RecordedRequest[];
  /** What each 'cut', 'buzz' and 'shave' answer did, in the order answered: its new hair in the frame of the photo it was sent. */
  cuts: FakeCutRecord[];
  close(): Promise<void>;
}

/** The "edited" image: the input, tinted and at a different size (as real providers return). */
async function editedImage(input: Buffer): Promise<Buffer> {
  return sharp(input).resize(512, 640, { fit: 'fill' }).tint('#b04a20').png().toBuffer();
}

function parseMultipart(body: Buffer, contentType: string): Record<string, unknown> {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!m) throw new Error('no multipart boundary');
  const boundary = Buffer.from(`--${m[1] ?? m[2]}`);
  const fields: Record<string, unknown> = {};
  let pos = body.indexOf(boundary);
  while (pos >= 0) {
    const start = pos + boundary.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const headEnd = body.indexOf('\r\n\r\n', start);
    const next = body.indexOf(boundary, headEnd);
    if (headEnd < 0 || next < 0) break;
    const head = body.subarray(start + 2, headEnd).toString();
    const content = body.subarray(headEnd + 4, next - 2);
    const name = /name="([^"]+)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
    const value = filename !== undefined ? { filename, type, size: content.length, data: content } : content.toString();
    if (fields[name] === undefined) fields[name] = value;
    else fields[name] = ([] as unknown[]).concat(fields[name], value);
    pos = next;
  }
  return fields;
}

/** The answer's picture in the scenarios that answer with one. */
function answerFor(scenario: FakeScenario, input: Buffer, opts: { hairOf: HairOf; cuts: FakeCutRecord[] }): Promise<Buffer> {
  if (scenario === 'cut' || scenario === 'buzz' || scenario === 'shave')
    return (scenario === 'cut' ? fakeCut(input, opts.hairOf) : fakeBuzz(input, opts.hairOf, { shave: scenario === 'shave' })).then((r) => {
      opts.cuts.push(r.record);
      return r.png;
    });
  if (scenario === 'turned') return fakeTurned(input, opts.hairOf);
  return editedImage(input);
}

/** The hair and face the scenarios change, as an engine's preview finds them. */
export const hairOfEngine =
  (engine: Pick<HairEngine, 'preview'>): HairOf =>
  async (png) => {
    const p = await engine.preview({ image: png });
    return { width: p.width, height: p.height, matte: p.matte, face: p.people.find((q) => q.chosen)?.box ?? null };
  };

/**
 * `hairOf` finds the hair and face the 'cut' and 'turned' scenarios change; by default the engine's own hair
 * model at HAIR_MODEL_PATH, loaded on the first such request (tests that have an engine pass its preview).
 */
export async function startFakeProviderServer(opts: { hairOf?: HairOf } = {}): Promise<FakeProviderServer> {
  const state = { scenario: 'ok' as FakeScenario, slowMs: 3000, requests: [] as RecordedRequest[], cuts: [] as FakeCutRecord[] };
  let ownEngine: HairEngine | null = null;
  const hairOf: HairOf =
    opts.hairOf ??
    (async (png) => {
      const { createEngine } = await import('../../src/server/engine');
      ownEngine ??= createEngine({ engine: 'local', modelPath: process.env.HAIR_MODEL_PATH ?? 'models/hair_segmentation.tflite', threads: 1 });
      return hairOfEngine(ownEngine)(png);
    });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const url = req.url ?? '';
        const send = (status: number, json: unknown) => {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(typeof json === 'string' ? json : JSON.stringify(json));
        };
        // the scenario in force when the request arrived (a slow reply may land during a later test)
        const scenario = state.scenario;
        const slow = () => new Promise((r) => setTimeout(r, state.slowMs));
        try {
          if (req.method === 'POST' && /^\/v1beta\/models\/[^/:]+:generateContent/.test(url)) {
            const json = JSON.parse(body.toString()) as { contents?: { parts?: Record<string, { mimeType?: string; mime_type?: string; data?: string }>[] }[] };
            state.requests.push({ api: 'gemini', path: url, headers: req.headers, body: json, scenario });
            if (scenario === 'slow') await slow();
            if (!req.headers['x-goog-api-key']) return send(401, { error: { code: 401, message: 'API key not valid.', status: 'UNAUTHENTICATED' } });
            const parts = json.contents?.[0]?.parts ?? [];
            const img = parts.map((p) => p.inlineData ?? p.inline_data).find(Boolean);
            if (!img?.data) return send(400, { error: { code: 400, message: 'An image part is required.', status: 'INVALID_ARGUMENT' } });
            switch (scenario) {
              case 'quota':
                return send(429, { error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' } });
              case 'server-error':
                return send(500, { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } });
              case 'malformed':
                return send(200, '{"candidates": [ {"content": ');
              case 'refuse':
                return send(200, {
                  candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'IMAGE_SAFETY', index: 0 }],
                  modelVersion: 'fake',
                  responseId: 'fake-refuse',
                });
              case 'no-image':
                return send(200, {
                  candidates: [{ content: { role: 'model', parts: [{ text: 'I can describe the hairstyle instead.' }] }, finishReason: 'STOP', index: 0 }],
                  responseId: 'fake-noimg',
                });
              default: {
                const out = await answerFor(scenario, Buffer.from(img.data, 'base64'), { hairOf, cuts: state.cuts });
                return send(200, {
                  candidates: [
                    {
                      content: {
                        role: 'model',
                        parts: [{ text: 'Here is the edited image.' }, { inlineData: { mimeType: 'image/png', data: out.toString('base64') } }],
                      },
                      finishReason: 'STOP',
                      index: 0,
                    },
                  ],
                  usageMetadata: { promptTokenCount: 1290, candidatesTokenCount: 1290, totalTokenCount: 2580 },
                  modelVersion: 'gemini-2.5-flash-image',
                  responseId: 'fake-1',
                });
              }
            }
          }
          if (req.method === 'POST' && url.startsWith('/v1/images/edits')) {
            const fields = parseMultipart(body, String(req.headers['content-type'] ?? ''));
            state.requests.push({ api: 'openai', path: url, headers: req.headers, body: fields, scenario });
            if (scenario === 'slow') await slow();
            if (!/^Bearer .+/.test(String(req.headers.authorization ?? '')))
              return send(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } });
            const image = (fields.image ?? fields['image[]']) as { data: Buffer } | { data: Buffer }[] | undefined;
            const first = Array.isArray(image) ? image[0] : image;
            if (!first?.data?.length || !fields.prompt)
              return send(400, {
                error: { message: "Missing required parameter: 'image'.", type: 'invalid_request_error', param: 'image', code: 'missing_required_parameter' },
              });
            switch (scenario) {
              case 'quota':
                return send(429, {
                  error: {
                    message: 'You exceeded your current quota, please check your plan and billing details.',
                    type: 'insufficient_quota',
                    param: null,
                    code: 'insufficient_quota',
                  },
                });
              case 'server-error':
                return send(500, {
                  error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null },
                });
              case 'malformed':
                return send(200, '{"created": 1700000000, "data": [ {"b64_json": ');
              case 'refuse':
                return send(400, {
                  error: {
                    message: 'Your request was rejected by the safety system.',
                    type: 'image_generation_user_error',
                    param: null,
                    code: 'moderation_blocked',
                  },
                });
              case 'no-image':
                return send(200, { created: 1700000000, data: [{}] });
              default: {
                const out = await answerFor(scenario, first.data, { hairOf, cuts: state.cuts });
                return send(200, {
                  created: 1700000000,
                  data: [{ b64_json: out.toString('base64') }],
                  usage: { total_tokens: 100, input_tokens: 50, output_tokens: 50 },
                });
              }
            }
          }
          send(404, { error: { message: `no route ${req.method} ${url}` } });
        } catch (err) {
          send(500, { error: { message: (err as Error).message } });
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeProviderServer = {
    url: `http://127.0.0.1:${port}`,
    get scenario() {
      return state.scenario;
    },
    set scenario(s) {
      state.scenario = s;
    },
    get slowMs() {
      return state.slowMs;
    },
    set slowMs(ms) {
      state.slowMs = ms;
    },
    requests: state.requests,
    cuts: state.cuts,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await ownEngine?.close();
    },
  };
  return fake;
}
