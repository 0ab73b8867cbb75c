import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingSubscription, partner } from '../../src/server/db/schema';
import { seedDemoBilling } from '../../src/server/features/billing/seed-demo-billing';
import { DEMO_PRO } from '../../src/server/seed/demo-accounts';
import { dbKinds } from '../support/db-kinds';
import { useTestApp } from '../support/test-app';
import { joinAsPartner, partnerOf } from './billing-helpers';

describe.each(dbKinds)('demo professional billing seed on %s', (kind) => {
  const t = useTestApp(kind);

  it('gives the active demo pro a sandbox subscription through the webhook path, once', async () => {
    const pro = await t.signedInUser({ email: DEMO_PRO.email, password: DEMO_PRO.password });
    await joinAsPartner(t, pro.cookie, DEMO_PRO.businessName);
    const end = new Date(Date.now() + 365 * 86_400_000);
    await t.services.db.update(partner).set({ subscriptionStatus: 'active', plan: 'yearly', currentPeriodEnd: end }).where(eq(partner.userId, pro.id));

    await seedDemoBilling(t.services);
    await seedDemoBilling(t.services);
    const p = await partnerOf(t, pro.id);
    expect(p).toMatchObject({ subscriptionStatus: 'active', plan: 'yearly' });
    expect(p.customerId).toMatch(/^cus_sandbox_/);
    expect(Math.abs(p.currentPeriodEnd!.getTime() - end.getTime())).toBeLessThan(1000);
    expect(await t.services.db.select().from(billingSubscription).where(eq(billingSubscription.userId, pro.id))).toHaveLength(1);
    const summary = await (await t.request('/api/billing/subscription', { cookie: pro.cookie })).json();
    expect(summary).toMatchObject({ status: 'active', plan: 'yearly', canManage: true });
  });
});
