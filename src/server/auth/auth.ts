import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { getSessionCookie } from 'better-auth/cookies';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { isAppError } from '../http/app-error';
import type { RateLimiter } from '../http/rate-limit';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../mail/mailer';
import { actionEmail } from '../mail/templates';

/**
 * At most 5 verification mails an hour to one address, however they are asked for (sign-up, an
 * unverified sign-in, the resend endpoint) and from however many clients: otherwise anyone could
 * flood a stranger's inbox through us. Over the limit the mail is quietly not sent, so the answer
 * does not tell whether the address has an account.
 */
export const VERIFICATION_MAIL_LIMIT = [5, 3600] as const;

/** The same cap for password-reset mails, counted apart so a reset still reaches someone who just signed up. */
export const RESET_MAIL_LIMIT = [5, 3600] as const;

/** A reset link works for one hour, once (better-auth consumes the token in the transaction that sets the password). */
const RESET_LINK_SECONDS = 3600;

/** The session cookie's name starts with this (`tress.session_token`, `__Secure-` first over HTTPS). */
const COOKIE_PREFIX = 'tress';

/** Whether a request carries a session cookie at all (valid or not): enough to choose which first HTML to send. */
export const hasSessionCookie = (headers: Headers) => getSessionCookie(headers, { cookiePrefix: COOKIE_PREFIX }) !== null;

export interface AuthOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
  mailer: Mailer;
  /** Verification mails per address (see VERIFICATION_MAIL_LIMIT). */
  verificationMailLimit: RateLimiter;
  /** Password-reset mails per address (see RESET_MAIL_LIMIT). */
  resetMailLimit: RateLimiter;
  google?: { clientId: string; clientSecret: string; issuerUrl: string };
  /** Called after every new session: ensures the user's welcome credit (docs/product.md §4). */
  onSignIn: (userId: string) => Promise<void>;
  /**
   * Called before better-auth deletes a user (its delete-user endpoint, after the password check): removes
   * what the database's cascades cannot (stored images, the subscription at the provider) and what must
   * outlive the account anonymised (decision 154). Throwing keeps the account.
   */
  beforeDeleteUser: (userId: string) => Promise<void>;
  /** Where better-auth's own messages go (it would print them to the console). */
  logger: Logger;
}

/**
 * better-auth with email/password (verification required) and Google. Google goes through the
 * generic OpenID plugin with discovery, so the same code talks to accounts.google.com in
 * production and to a loopback OpenID provider in tests (decision 004).
 */
export function createAuth(o: AuthOptions) {
  const secure = o.publicUrl.startsWith('https://');
  return betterAuth({
    appName: 'Tress',
    baseURL: o.publicUrl,
    basePath: '/api/auth',
    secret: o.secret,
    trustedOrigins: o.trustedOrigins,
    logger: { log: (level, message, ...args) => o.logger[level]({ err: args.find((a) => a instanceof Error) }, `auth: ${message}`) },
    database: drizzleAdapter(o.db, {
      provider: 'pg',
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      // whoever had the old password (or a stolen session) is signed out everywhere by a reset
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        if (!(await o.resetMailLimit.consume(user.email.toLowerCase()))) return;
        const mail = actionEmail({
          heading: 'Reset your Tress password',
          body: `Hi${user.name ? ` ${user.name}` : ''}, someone asked to reset the password of this account. If it was you, choose a new one within the hour; the link works once. If it was not, ignore this email: your password stays as it is.`,
          action: 'Choose a new password',
          url,
        });
        await o.mailer.send({ to: user.email, subject: 'Reset your Tress password', ...mail, link: url });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      async sendVerificationEmail({ user, url }) {
        if (!(await o.verificationMailLimit.consume(user.email.toLowerCase()))) return;
        // A verified user asking for a verification mail is changing email: better-auth sends it to the new address.
        const changing = user.emailVerified;
        const greeting = `Hi${user.name ? ` ${user.name}` : ''}, `;
        const mail = actionEmail({
          heading: changing ? 'Confirm your new email for Tress' : 'Verify your email for Tress',
          body: changing
            ? `${greeting}confirm this address and your Tress account will use it from now on. Until you do, you keep signing in with the old one.`
            : `${greeting}confirm this address to start trying on new hair.`,
          action: changing ? 'Use this email' : 'Verify email',
          url,
        });
        const subject = changing ? 'Confirm your new email for Tress' : 'Verify your email for Tress';
        await o.mailer.send({ to: user.email, subject, ...mail, link: url });
      },
    },
    user: {
      additionalFields: {
        credits: { type: 'number', input: false, required: false, defaultValue: 0 },
        welcomeCreditGranted: { type: 'boolean', input: false, required: false, defaultValue: false },
      },
      // the link goes to the new address; the account keeps the old one until it is followed
      changeEmail: { enabled: true },
      // better-auth answers any other error from this hook as a bare 500; ours carry the person's message and status
      deleteUser: { enabled: true, beforeDelete: (user) => o.beforeDeleteUser(user.id).catch(asAuthError) },
    },
    session: { expiresIn: 30 * 24 * 3600, updateAge: 24 * 3600 },
    // Sign-in and sign-up are rate limited by the app's own limiter, shared across instances.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: secure,
      cookiePrefix: COOKIE_PREFIX,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
    },
    databaseHooks: {
      session: { create: { after: async (session) => o.onSignIn(session.userId) } },
    },
    plugins: o.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                clientId: o.google.clientId,
                clientSecret: o.google.clientSecret,
                discoveryUrl: `${o.google.issuerUrl.replace(/\/$/, '')}/.well-known/openid-configuration`,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** An AppError thrown inside a better-auth hook, as better-auth's own error with the same status and message. */
function asAuthError(err: unknown): never {
  if (!isAppError(err)) throw err;
  throw new APIError(err.status as ConstructorParameters<typeof APIError>[0], { message: err.message, code: err.code });
}
