import { eq } from 'drizzle-orm';
import { user } from '../db/schema';
import type { Services } from '../services';

/**
 * Creates a verified account (no verification mail is sent), or returns the existing one. Used by the demo seed
 * and by tests. With a password it is an email/password account, hashed by better-auth's own hashing (or by
 * `hash`, which must produce the same: tests hash one password once); with `password: null` (the seed's demo
 * professionals and reviewers, whom nobody signs in as) it has no password to sign in with.
 */
export async function createVerifiedUser(
  s: Pick<Services, 'auth' | 'db'>,
  a: { email: string; password: string | null; name: string },
  hash?: (password: string) => Promise<string>,
): Promise<string> {
  const email = a.email.toLowerCase();
  const [existing] = await s.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) return existing.id;
  const ctx = await s.auth.$context;
  const created = await ctx.internalAdapter.createUser({ email, name: a.name, emailVerified: true }, { method: 'email-password' });
  if (a.password === null) return created.id;
  const password = await (hash ?? ctx.password.hash)(a.password);
  await ctx.internalAdapter.linkAccount({ userId: created.id, providerId: 'credential', accountId: created.id, password });
  return created.id;
}
