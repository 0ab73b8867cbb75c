import { eq } from 'drizzle-orm';
import { ROUTES } from '@shared/routes';
import { partner, user } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Services } from '../../services';
import { settingsOf, writeSettings, type SettingsRow } from './settings';

type Deps = Pick<Services, 'db' | 'payments' | 'env' | 'logger'>;

/** The professional's own account for deposits, as this server's provider knows it (decision 171). */
export async function depositAccountView(s: Deps, partnerId: string) {
  let settings = await settingsOf(s.db, partnerId);
  const mine = settings.depositAccountId && settings.depositProvider === s.payments.name;
  // back from Stripe's onboarding before its webhook: ask the account itself
  if (mine && !settings.depositAccountReady && s.payments.deposits.accountReady) {
    const ready = await s.payments.deposits.accountReady(settings.depositAccountId!).catch((err: unknown) => {
      s.logger.warn({ err, partnerId }, 'deposit account status unavailable');
      return false;
    });
    if (ready) settings = await writeSettings(s.db, partnerId, { depositAccountReady: true });
  }
  return { provider: s.payments.name, status: !mine ? ('none' as const) : settings.depositAccountReady ? ('ready' as const) : ('incomplete' as const) };
}

/**
 * Creates the professional's connected account once (per provider) and answers its onboarding page; the
 * account becomes ready when the provider says so (its `account.updated` event), never because a page said.
 */
export async function connectDepositAccount(s: Deps, partnerId: string): Promise<{ url: string }> {
  const settings: SettingsRow = await settingsOf(s.db, partnerId);
  let accountId = settings.depositProvider === s.payments.name ? settings.depositAccountId : null;
  const back = `${s.env.publicUrl}${ROUTES.partnerServices}`;
  try {
    if (!accountId) {
      const [who] = await s.db
        .select({ email: user.email, businessName: partner.businessName })
        .from(partner)
        .innerJoin(user, eq(user.id, partner.userId))
        .where(eq(partner.userId, partnerId));
      ({ accountId } = await s.payments.deposits.createAccount({ partnerId, email: who.email, businessName: who.businessName }));
      await writeSettings(s.db, partnerId, { depositProvider: s.payments.name, depositAccountId: accountId, depositAccountReady: false });
    }
    return await s.payments.deposits.onboardingLink({ accountId, returnUrl: `${back}?deposits=connected`, refreshUrl: `${back}?deposits=retry` });
  } catch (err) {
    s.logger.error({ err, partnerId }, 'deposit account onboarding failed');
    throw new AppError('unavailable', 'The payment provider did not answer. Please try again in a moment.');
  }
}
