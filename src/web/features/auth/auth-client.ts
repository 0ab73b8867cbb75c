import { MSG } from '@shared/messages';
import { api, ApiError } from '@web/lib/api';

/** Thin calls to better-auth's endpoints; every failure becomes an ApiError with a message to show. */
export const authClient = {
  async signUp(input: { email: string; password: string; name?: string; callbackURL: string }) {
    await api.post('/api/auth/sign-up/email', { ...input, name: input.name ?? '' });
  },
  async signIn(input: { email: string; password: string; callbackURL: string }) {
    await api.post('/api/auth/sign-in/email', input);
  },
  async signOut() {
    await api.post('/api/auth/sign-out', {});
  },
  async config(): Promise<{ google: boolean }> {
    return api.get('/api/auth-config');
  },
  /** Google through OpenID Connect: the server answers the provider URL; the browser goes there and comes back to callbackURL. */
  async google(callbackURL: string) {
    const res = await api.post<{ url?: string }>('/api/auth/sign-in/social', { provider: 'google', callbackURL, errorCallbackURL: '/login?error=google' });
    if (!res.url) throw new ApiError('internal', MSG.googleFailed, 200);
    window.location.assign(res.url);
  },
};

/** better-auth answers an unverified sign-in with 403 EMAIL_NOT_VERIFIED (and re-sends the link). */
const authCode = (e: unknown) => (e instanceof ApiError ? (e.details as { code?: string } | undefined)?.code : undefined);
export const isUnverified = (e: unknown) => authCode(e) === 'EMAIL_NOT_VERIFIED';
export const isEmailTaken = (e: unknown) => authCode(e)?.startsWith('USER_ALREADY_EXISTS') ?? false;
