import { eq } from 'drizzle-orm';
import { user } from '../db/schema';
import type { Services } from '../services';

/**
 * Creates a verified email/password account with better-auth's own password hashing (no
 * verification mail is sent), or returns the existing one. Used by the demo seed and by tests.
 */
export async function createVerifiedUser(s: Pick<Services, 'auth' | 'db'>, a: { email: string; password: string; name: string }): Promise<string> {
  const email = a.email.toLowerCase();
  const [existing] = await s.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) return existing.id;
  const ctx = await s.auth.$context;
  const created = await ctx.internalAdapter.createUser({ email, name: a.name, emailVerified: true }, { method: 'email-password' });
  await ctx.internalAdapter.linkAccount({ userId: created.id, providerId: 'credential', accountId: created.id, password: await ctx.password.hash(a.password) });
  return created.id;
}
