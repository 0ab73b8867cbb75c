import { call } from '@web/lib/api';

/** The account page's calls to better-auth; each failure is an ApiError with a message to show. */
export const accountClient = {
  async changeEmail(newEmail: string) {
    await call('POST /api/auth/change-email', { body: { newEmail, callbackURL: '/account?email=changed' } });
  },
  /** Keeps this session (better-auth answers a fresh cookie) and signs out every other one. */
  async changePassword(currentPassword: string, newPassword: string) {
    await call('POST /api/auth/change-password', { body: { currentPassword, newPassword, revokeOtherSessions: true } });
  },
  async deleteAccount(password: string) {
    await call('POST /api/auth/delete-user', { body: { password } });
  },
};
