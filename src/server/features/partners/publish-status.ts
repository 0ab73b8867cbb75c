import type { Db, Tx } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { professionalStatus } from './professional-status';

/** Tells the partner's open tabs their professional status (header links, guard) changed. */
export async function publishProfessionalStatus(db: Db | Tx, bus: EventBus, userId: string) {
  const p = await professionalStatus(db as Db, userId);
  await bus.publish(db, `user:${userId}`, { type: 'professional', active: p.active, subscribed: p.subscribed, slug: p.slug });
}
