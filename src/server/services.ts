import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createAuth, RESET_MAIL_LIMIT, VERIFICATION_MAIL_LIMIT, type Auth } from './auth/auth';
import { openDatabase, type Database, type Db } from './db/client';
import { googleConfigured, type Env } from './env';
import { TIMINGS } from '@shared/constants';
import { EventBus } from './events/bus';
import { createExportJobs, type ExportJobs } from './features/account/data-exports';
import { prepareAccountDeletion } from './features/account/delete-account';
import { ensureWelcomeCredit } from './features/credits/ensure-user';
import { createRateLimitFactory, type RateLimitFactory } from './http/rate-limit';
import { createLogger, type Logger } from './lib/logger';
import { createMailer, type Mailer } from './mail/mailer';
import { createQueueEngine } from './ops/generation-queue';
import { addHostedSpendGauges } from './ops/metrics-hosted';
import { createOps, type Ops } from './ops/ops';
import type { ShutdownHook } from './ops/lifecycle';
import { createEngine, type HairEngine } from './engine';
import { engineConfigFromEnv } from './features/studio/engine-config';
import { startGenerationSweeper } from './features/studio/sweeper';
import { startBookingSweeper } from './features/booking/outbox';
import { createPaymentProvider } from './features/billing/create-payment-provider';
import type { PaymentProvider } from './features/billing/provider';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';

/** Everything a route needs, built once per process (or per test). */
export interface Services {
  env: Env;
  database: Database;
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  auth: Auth;
  logger: Logger;
  rateLimits: RateLimitFactory;
  storage: Storage;
  /** "Download my data" builds, on pg-boss in this process (started by the first export). */
  exports: ExportJobs;
  /** Card payments: the built-in sandbox, or Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. */
  payments: PaymentProvider;
  /** The hair engine (HAIR_ENGINE, HAIR_MODEL_PATH, ENGINE_THREADS, GEMINI_*, OPENAI_*). */
  engine: HairEngine;
  /** Server deadline of one generation (TIMINGS.generationDeadlineMs, under the client's 70 s). */
  generationDeadlineMs: number;
  trustedOrigins: string[];
  /** The server's secret (AUTH_SECRET or the generated one), for links that must not be guessed (booking emails). */
  secret: string;
  /** Lifecycle (in-flight requests, event streams) and metrics of this process (src/server/ops). */
  ops: Ops;
  /** Work to run on SIGTERM after in-flight requests finished or the deadline passed (e.g. refunds). */
  onShutdown(name: string, fn: ShutdownHook): void;
  close(): Promise<void>;
}

export interface ServiceOverrides {
  /** Tests pass an in-memory database (dataDir null) or a server URL. */
  database?: Database;
  mailer?: Mailer;
  logger?: Logger;
  storage?: Storage;
  /** Tests inject engines that fail or hang; happy paths use the real one. */
  engine?: HairEngine;
  generationDeadlineMs?: number;
  /** The sweepers (pending generations; booking expiries and emails) start with the services unless turned off (tests drive them). */
  sweeper?: boolean;
}

/** AUTH_SECRET from the environment, else one generated once and kept under $DATA_DIR. */
function authSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.dataDir, { recursive: true });
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function createServices(env: Env, overrides: ServiceOverrides = {}): Promise<Services> {
  const logger = overrides.logger ?? createLogger(env.LOG_LEVEL);
  const database = overrides.database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, log: logger }));
  const bus = new EventBus();
  await bus.start(database.notifier);
  const mailer = overrides.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(env.dataDir, 'outbox'), logger });
  const trustedOrigins = [env.publicUrl, ...(env.NODE_ENV === 'development' ? ['http://localhost:5173'] : [])];
  const db = database.db;
  const ops = createOps(db);
  addHostedSpendGauges(ops.metrics, db, env);
  const rateLimits = createRateLimitFactory(env.REDIS_URL, {
    onFallback: (limit) => ops.metrics.rateLimitFallbacks.inc({ limit }),
    onRedisDown: (down, reason) =>
      down
        ? logger.warn({ reason }, "Redis is unreachable: rate limits fall back to each instance's memory until it answers")
        : logger.info('Redis answers again: rate limits are shared again'),
  });
  const storage = overrides.storage ?? createStorage(env);
  const engine =
    overrides.engine ?? (env.GENERATION_MODE === 'queue' ? await createQueueEngine(env, storage, logger) : createEngine(engineConfigFromEnv(env, logger)));
  // production loads the engine's models at boot, so the first visitor does not wait for them
  if (env.NODE_ENV === 'production' && !overrides.engine && env.GENERATION_MODE === 'inline')
    void engine.ready().catch((err: unknown) => logger.warn({ err }, 'hair engine warm-up failed'));
  const generationDeadlineMs = overrides.generationDeadlineMs ?? TIMINGS.generationDeadlineMs;
  const stopSweeper = overrides.sweeper === false ? async () => {} : startGenerationSweeper({ db, bus, storage, logger, generationDeadlineMs });
  const secret = authSecret(env);
  const payments = createPaymentProvider(env, secret, logger);
  // /login hides what is not configured, so the operator (not the visitor) hears about it: here and in /readyz.
  if (!googleConfigured(env)) logger.info('Google sign-in is off: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to offer Continue with Google');
  const auth = createAuth({
    db,
    secret,
    publicUrl: env.publicUrl,
    trustedOrigins,
    mailer,
    verificationMailLimit: rateLimits.create('verification-mail', ...VERIFICATION_MAIL_LIMIT),
    resetMailLimit: rateLimits.create('reset-mail', ...RESET_MAIL_LIMIT),
    google: googleConfigured(env)
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuerUrl: env.GOOGLE_ISSUER_URL ?? 'https://accounts.google.com' }
      : undefined,
    onSignIn: (userId) => ensureWelcomeCredit(db, bus, userId),
    logger,
    // auth is part of the services it needs: bound once they exist, called only by a request
    beforeDeleteUser: (userId) => prepareAccountDeletion(services, userId),
  });
  const stopBookingSweeper = overrides.sweeper === false ? async () => {} : startBookingSweeper({ db, mailer, env, logger, secret, payments });
  const exports = createExportJobs({ db, database, storage, logger });
  const services: Services = {
    env,
    database,
    db,
    bus,
    mailer,
    auth,
    logger,
    rateLimits,
    storage,
    payments,
    exports,
    engine,
    generationDeadlineMs,
    trustedOrigins,
    secret,
    ops,
    onShutdown: (name, fn) => ops.lifecycle.onShutdown(name, fn),
    async close() {
      await stopSweeper();
      await stopBookingSweeper();
      await exports.close();
      await engine.close();
      await bus.close();
      await rateLimits.close();
      await database.close();
    },
  };
  return services;
}
