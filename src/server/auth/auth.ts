import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { RateLimiter } from '../http/rate-limit';
import type { Mailer } from '../mail/mailer';
import { actionEmail } from '../mail/templates';

/**
 * At most 5 verification mails an hour to one address, however they are asked for (sign-up, an
 * unverified sign-in, the resend endpoint) and from however many clients: otherwise anyone could
 * flood a stranger's inbox through us. Over the limit the mail is quietly not sent, so the answer
 * does not tell whether the address has an account.
 */
export const VERIFICATION_MAIL_LIMIT = [5, 3600] as const;

export interface AuthOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
  mailer: Mailer;
  /** Verification mails per address (see VERIFICATION_MAIL_LIMIT). */
  verificationMailLimit: RateLimiter;
  google?: { clientId: string; clientSecret: string; issuerUrl: string };
  /** Called after every new session: ensures the user's welcome credit (spec §4). */
  onSignIn: (userId: string) => Promise<void>;
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
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      async sendVerificationEmail({ user, url }) {
        if (!(await o.verificationMailLimit.consume(user.email.toLowerCase()))) return;
        const mail = actionEmail({
          heading: 'Verify your email for Tress',
          body: `Hi${user.name ? ` ${user.name}` : ''}, confirm this address to start trying on new hair.`,
          action: 'Verify email',
          url,
        });
        await o.mailer.send({ to: user.email, subject: 'Verify your email for Tress', ...mail, link: url });
      },
    },
    user: {
      additionalFields: {
        credits: { type: 'number', input: false, required: false, defaultValue: 0 },
        welcomeCreditGranted: { type: 'boolean', input: false, required: false, defaultValue: false },
      },
    },
    session: { expiresIn: 30 * 24 * 3600, updateAge: 24 * 3600 },
    // Sign-in and sign-up are rate limited by the app's own limiter, shared across instances.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: secure,
      cookiePrefix: 'tress',
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
