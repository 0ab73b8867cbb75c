import type { Services } from '../services';
import { ensureWelcomeCredit } from '../features/credits/ensure-user';
import { seedPartners } from '../features/partners/seed/seed-partners';
import { seedDemoBilling } from '../features/billing/seed-demo-billing';
import { seedBooking } from '../features/booking/seed/seed-booking';
import { createVerifiedUser } from './create-verified-user';
import { DEMO_PRO, DEMO_USER } from './demo-accounts';

/** Seeders run in order; each is idempotent, so every start may call them. Features add theirs here. */
const SEEDERS: { name: string; run: (s: Services) => Promise<void> }[] = [
  {
    name: 'demo accounts',
    async run(s) {
      for (const a of [DEMO_USER, DEMO_PRO]) {
        const id = await createVerifiedUser(s, a);
        await ensureWelcomeCredit(s.db, s.bus, id);
      }
    },
  },
  { name: 'partners directory', run: seedPartners },
  { name: 'demo professional billing (sandbox)', run: seedDemoBilling },
  { name: 'booking: menus, hours and the demo professional’s bookings', run: seedBooking },
];

export async function seedDemo(s: Services) {
  for (const seeder of SEEDERS) {
    try {
      await seeder.run(s);
    } catch (err) {
      s.logger.error({ err, seeder: seeder.name }, 'demo seed failed');
      throw err;
    }
  }
}
