import path from 'node:path';
import { z } from 'zod';

/**
 * The only module that reads process.env. Every setting has a default that lets `npm start`
 * run with nothing installed; README.md and .env.example list the same variables.
 */
const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : v === 'true' || v === '1'));
const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
/** A non-negative amount; an empty value (`X=` in a .env file) counts as unset, not as 0. */
const amount = (max: number) => optional.pipe(z.coerce.number<string | undefined>().min(0).max(max).optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin used in emails, OAuth callbacks and share links. Defaults to http://localhost:$PORT. */
  PUBLIC_URL: optional,
  DATA_DIR: z.string().default('data'),
  /** Where the built SPA is served from (and built to when missing or stale). */
  WEB_DIST_DIR: z.string().default('dist/web'),
  DATABASE_URL: optional,
  SEED_DEMO: bool(true),
  /** Signs session cookies and sandbox webhooks. Generated and kept under $DATA_DIR when unset. */
  AUTH_SECRET: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Tress <hello@tress.local>'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  /** Overrides Google's OpenID discovery base, for the loopback provider used in tests. */
  GOOGLE_ISSUER_URL: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** The signing secret of the Connect webhook endpoint (events of professionals' own accounts: deposits). */
  STRIPE_CONNECT_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: optional,
  STRIPE_PRICE_STARTER: optional,
  STRIPE_PRICE_CREATOR: optional,
  STRIPE_PRICE_STUDIO: optional,
  STRIPE_PRICE_PARTNER_MONTHLY: optional,
  STRIPE_PRICE_PARTNER_YEARLY: optional,
  S3_BUCKET: optional,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: bool(true),
  /** Unset: `auto` where a hosted provider's key is set (cuts to it, colour on-device), else `local`. */
  HAIR_ENGINE: optional.pipe(z.enum(['local', 'gemini', 'openai', 'auto']).optional()),
  HAIR_MODEL_PATH: z.string().default('models/hair_segmentation.tflite'),
  /** At start, download the hair model when HAIR_MODEL_PATH is missing (a few seconds at most). */
  MODEL_AUTO_FETCH: bool(true),
  GEMINI_API_KEY: optional,
  GEMINI_BASE_URL: optional,
  GEMINI_MODEL: z.string().default('gemini-2.5-flash-image'),
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: optional,
  OPENAI_IMAGE_MODEL: z.string().default('gpt-image-1'),
  /** What one image from a hosted model costs (decision 168: Gemini 2.5 Flash Image's list price). */
  HOSTED_PRICE_PER_IMAGE_USD: amount(100).transform((v) => v ?? 0.039),
  /** Per million tokens: when set and the provider reports tokens, a call is priced by them instead of per image. */
  HOSTED_PRICE_PER_MILLION_INPUT_TOKENS_USD: amount(10_000),
  HOSTED_PRICE_PER_MILLION_OUTPUT_TOKENS_USD: amount(10_000),
  /** Once today's (UTC) recorded hosted spend reaches it, cut prompts are declined before any debit; unset, no cap. */
  HOSTED_DAILY_BUDGET_USD: amount(1_000_000),
  ENGINE_THREADS: z.coerce.number().int().min(1).max(16).default(2),
  GENERATION_MODE: z.enum(['inline', 'queue']).default('inline'),
  REDIS_URL: optional,
  /** How many reverse proxies in front append to X-Forwarded-For; 0 trusts none and uses the socket address. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** With it, /metrics is served on PORT to `Authorization: Bearer <token>`; without it, on 127.0.0.1:METRICS_PORT only. */
  METRICS_TOKEN: optional,
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** How long in-flight requests may run after SIGTERM before hooks run and the process exits. */
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

type ParsedEnv = z.infer<typeof EnvSchema>;
export type Env = Omit<ParsedEnv, 'HAIR_ENGINE'> & {
  HAIR_ENGINE: NonNullable<ParsedEnv['HAIR_ENGINE']>;
  publicUrl: string;
  dataDir: string;
  webDistDir: string;
};

/** The process's environment over an entry point's defaults (a variable that is set always wins). */
export function loadProcessEnv(defaults: Record<string, string> = {}): Env {
  return loadEnv({ ...defaults, ...process.env });
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  return {
    ...e,
    HAIR_ENGINE: e.HAIR_ENGINE ?? (e.GEMINI_API_KEY || e.OPENAI_API_KEY ? 'auto' : 'local'),
    dataDir: path.resolve(e.DATA_DIR),
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
  };
}

/** Continue with Google needs both halves of the OAuth client; /api/auth-config, /readyz and the boot log read this. */
export function googleConfigured<E extends Pick<Env, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET'>>(
  env: E,
): env is E & { GOOGLE_CLIENT_ID: string; GOOGLE_CLIENT_SECRET: string } {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}
