import { MSG } from '@shared/messages';
import { ApiError, call } from '@web/lib/api';

/** Thin calls to better-auth's endpoints; every failure becomes an ApiError with a message to show. */
export const authClient = {
  async signUp(input: { email: string; password: string; name?: string; callbackURL: string }) {
    await call('POST /api/auth/sign-up/email', { body: { ...input, name: input.name ?? '' } });
  },
  async signIn(input: { email: string; password: string; callbackURL: string }) {
    await call('POST /api/auth/sign-in/email', { body: input });
  },
  async signOut() {
    await call('POST /api/auth/sign-out');
  },
  config: () => call('GET /api/auth-config'),
  /** Mails a reset link that brings the person back to `redirectTo` with the token. */
  async requestPasswordReset(email: string, redirectTo: string) {
    await call('POST /api/auth/request-password-reset', { body: { email, redirectTo } });
  },
  async resetPassword(token: string, newPassword: string) {
    await call('POST /api/auth/reset-password', { body: { token, newPassword } });
  },
  async signOutEverywhere() {
    await call('POST /api/auth/revoke-sessions');
  },
  /** Google through OpenID Connect: the server answers the provider URL; the browser goes there and comes back to callbackURL. */
  async google(callbackURL: string) {
    const res = await call('POST /api/auth/sign-in/social', { body: { provider: 'google', callbackURL, errorCallbackURL: '/login?error=google' } });
    if (!res.url) throw new ApiError('internal', MSG.googleFailed, 200);
    window.location.assign(res.url);
  },
};

/** better-auth answers an unverified sign-in with 403 EMAIL_NOT_VERIFIED (and re-sends the link). */
const authCode = (e: unknown) => (e instanceof ApiError ? (e.details as { code?: string } | undefined)?.code : undefined);
export const isUnverified = (e: unknown) => authCode(e) === 'EMAIL_NOT_VERIFIED';
