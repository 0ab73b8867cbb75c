import { z } from 'zod';
import { MeSchema } from './auth';
import { endpoint, type Endpoint } from './endpoint';
import { MSG } from './messages';

/** GET /api/auth-config: the sign-in ways this server offers besides email (decision 109). */
const AuthConfigSchema = z.object({ google: z.boolean() });

/**
 * The field types of the better-auth endpoints the app calls, checked before better-auth sees a body:
 * it trusts them, and `null` where it expects text was a 500. Its own rules (lengths, formats) still apply
 * after this and answer in its words; other fields pass through to it untouched.
 */
const text = (required: string) => z.string({ error: required });
const optionalText = z.string({ error: MSG.invalidRequest }).optional();

/**
 * better-auth builds these answers, so the server cannot type them: each is declared as the part the web
 * reads (nothing, or the provider's URL), and better-auth's other fields pass through.
 */
const BetterAuthAnswer = z.looseObject({});
const RedirectAnswer = z.looseObject({ url: z.string().optional() });

export const authEndpoints = {
  config: endpoint({ method: 'GET', path: '/api/auth-config', response: AuthConfigSchema }),
  /** The signed-in user with credits and professional status; 401 when signed out. */
  me: endpoint({ method: 'GET', path: '/api/me', response: MeSchema }),
  signIn: endpoint({
    method: 'POST',
    path: '/api/auth/sign-in/email',
    body: z.looseObject({ email: text('Email is required.'), password: text('Password is required.'), callbackURL: optionalText }),
    response: BetterAuthAnswer,
  }),
  signUp: endpoint({
    method: 'POST',
    path: '/api/auth/sign-up/email',
    body: z.looseObject({
      email: text('Email is required.'),
      password: text('Password is required.'),
      name: optionalText,
      callbackURL: optionalText,
      image: optionalText,
    }),
    response: BetterAuthAnswer,
  }),
  signOut: endpoint({ method: 'POST', path: '/api/auth/sign-out', response: BetterAuthAnswer }),
  /** Google through OpenID Connect: better-auth answers the provider URL to send the browser to. */
  signInSocial: endpoint({
    method: 'POST',
    path: '/api/auth/sign-in/social',
    body: z.looseObject({ provider: text(MSG.invalidRequest), callbackURL: optionalText, errorCallbackURL: optionalText }),
    response: RedirectAnswer,
  }),
  updateUser: endpoint({
    method: 'POST',
    path: '/api/auth/update-user',
    body: z.looseObject({ name: optionalText, image: z.string({ error: MSG.invalidRequest }).nullable().optional() }),
    response: BetterAuthAnswer,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/auth/change-password',
    body: z.looseObject({
      currentPassword: text('Password is required.'),
      newPassword: text('Password is required.'),
      revokeOtherSessions: z.boolean({ error: MSG.invalidRequest }).optional(),
    }),
    response: BetterAuthAnswer,
  }),
  /** Mails a reset link when the address has an account; answers the same either way. */
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/api/auth/request-password-reset',
    body: z.looseObject({ email: text('Email is required.'), redirectTo: optionalText }),
    response: BetterAuthAnswer,
  }),
  /** Sets a new password with the mailed token (once, within the hour) and signs out every session. */
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    body: z.looseObject({ newPassword: text('Password is required.'), token: text(MSG.invalidRequest) }),
    response: BetterAuthAnswer,
  }),
  /** Mails a link to the new address; the account changes email when it is followed. */
  changeEmail: endpoint({
    method: 'POST',
    path: '/api/auth/change-email',
    body: z.looseObject({ newEmail: text('Email is required.'), callbackURL: optionalText }),
    response: BetterAuthAnswer,
  }),
  /** Sign out everywhere: every session of the account, this one included. */
  revokeSessions: endpoint({ method: 'POST', path: '/api/auth/revoke-sessions', response: BetterAuthAnswer }),
  /** Deletes the account after checking the password (decision 154 says what goes and what stays). */
  deleteUser: endpoint({
    method: 'POST',
    path: '/api/auth/delete-user',
    body: z.looseObject({ password: optionalText, callbackURL: optionalText }),
    response: BetterAuthAnswer,
  }),
  sendVerificationEmail: endpoint({
    method: 'POST',
    path: '/api/auth/send-verification-email',
    body: z.looseObject({ email: text('Email is required.'), callbackURL: optionalText }),
    response: BetterAuthAnswer,
  }),
} as const satisfies Record<string, Endpoint>;

/** The body schema of each better-auth endpoint above, by path, for the server's check before better-auth. */
export const AUTH_BODY_SCHEMAS: ReadonlyMap<string, z.ZodType> = new Map(
  Object.values(authEndpoints).flatMap((e): [string, z.ZodType][] => ('body' in e ? [[e.path, e.body]] : [])),
);
