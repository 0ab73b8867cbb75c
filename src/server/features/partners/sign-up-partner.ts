import { eq } from 'drizzle-orm';
import { user } from '../../db/schema';
import { AppError, isAppError } from '../../http/app-error';
import type { Services } from '../../services';
import { MSG } from '@shared/messages';
import type { PartnerSignupInput } from '@shared/partners/schemas';
import { createPartner } from './create-partner';

/** Where the verification link of a partner sign-up lands (docs/product.md §2: sign-up goes on to choosing a plan). */
const PARTNER_SIGNUP_CALLBACK = '/partners/subscribe';

/**
 * /partners/signup (decision 050): the account through better-auth's own sign-up (hashing, verification
 * mail exactly as the platform sends it) and the partner row, in one server call, so a row is only ever
 * created for the account this call created. The spec's messages: email in use, anything else failed.
 */
export async function signUpPartner(s: Pick<Services, 'db' | 'auth' | 'storage' | 'bus' | 'logger'>, input: PartnerSignupInput, headers: Headers) {
  const email = input.email.toLowerCase();
  const inUse = () => new AppError('aborted', MSG.emailInUse, { field: 'email' });
  if (await userIdByEmail(s, email)) throw inUse();
  let userId: string;
  try {
    const res = await s.auth.api.signUpEmail({
      body: { email, password: input.password, name: input.fullName, callbackURL: PARTNER_SIGNUP_CALLBACK },
      headers,
    });
    // better-auth answers a look-alike success for an address that exists (anti-enumeration); only a real row counts.
    const real = await userIdByEmail(s, email);
    if (!real || real !== res.user.id) throw inUse();
    userId = real;
  } catch (e) {
    if (isAppError(e)) throw e;
    s.logger.warn({ err: e }, 'partner sign-up: account creation failed');
    throw new AppError('internal', MSG.partnerSignupFailed);
  }
  try {
    await createPartner(s, userId, input);
  } catch (e) {
    s.logger.error({ err: e, userId }, 'partner sign-up: partner row failed; removing the new account so the person can retry');
    await s.db.delete(user).where(eq(user.id, userId));
    throw new AppError('internal', MSG.partnerSignupFailed);
  }
  return { userId, email };
}

async function userIdByEmail(s: Pick<Services, 'db'>, email: string) {
  const [row] = await s.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id;
}
