import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createAuth, type Auth } from './auth/auth';
import { openDatabase, type Database, type Db } from './db/client';
import type { Env } from './env';
import { EventBus } from './events/bus';
import { ensureWelcomeCredit } from './features/credits/ensure-user';
import { createRateLimitFactory, type RateLimitFactory } from './http/rate-limit';
import { createLogger, type Logger } from './lib/logger';
import { createMailer, type Mailer } from './mail/mailer';
import { createLocalStorage } from './storage/local-storage';
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
  trustedOrigins: string[];
  close(): Promise<void>;
}

export interface ServiceOverrides {
  /** Tests pass an in-memory database (dataDir null) or a server URL. */
  database?: Database;
  mailer?: Mailer;
  logger?: Logger;
  storage?: Storage;
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
  const database = overrides.database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir }));
  const bus = new EventBus();
  await bus.start(database.notifier);
  const mailer = overrides.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(env.dataDir, 'outbox'), logger });
  const trustedOrigins = [env.publicUrl, ...(env.NODE_ENV === 'development' ? ['http://localhost:5173'] : [])];
  const rateLimits = createRateLimitFactory(env.REDIS_URL);
  const db = database.db;
  const storage = overrides.storage ?? createLocalStorage(path.join(env.dataDir, 'storage'));
  const auth = createAuth({
    db,
    secret: authSecret(env),
    publicUrl: env.publicUrl,
    trustedOrigins,
    mailer,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuerUrl: env.GOOGLE_ISSUER_URL ?? 'https://accounts.google.com' }
        : undefined,
    onSignIn: (userId) => ensureWelcomeCredit(db, bus, userId),
  });
  return {
    env,
    database,
    db,
    bus,
    mailer,
    auth,
    logger,
    rateLimits,
    storage,
    trustedOrigins,
    async close() {
      await bus.close();
      await rateLimits.close();
      await database.close();
    },
  };
}
