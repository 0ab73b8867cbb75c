import { and, asc, eq, isNull, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceInputSchema } from '@shared/booking/schemas';
import type { ServiceViewSchema } from '@shared/booking/views';
import type { Db, Tx } from '../../db/client';
import { bookingService } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { clientMinutes } from './availability';

type ServiceRow = typeof bookingService.$inferSelect;
type ServiceFields = z.output<typeof ServiceInputSchema>;
type ServiceView = z.input<typeof ServiceViewSchema>;

export const SERVICE_NOT_FOUND = 'That service is not on this menu.';

export function toServiceView(r: ServiceRow): ServiceView {
  const duration = {
    chairMinutes: r.chairMinutes,
    processingMinutes: r.processingMinutes,
    finishMinutes: r.finishMinutes,
    bufferBeforeMinutes: r.bufferBeforeMinutes,
    bufferAfterMinutes: r.bufferAfterMinutes,
  };
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    styleTags: r.styleTags,
    duration,
    totalMinutes: clientMinutes(duration),
    price: r.priceKind === 'consultation' ? { kind: 'consultation' } : { kind: r.priceKind, amountCents: r.priceCents ?? 0 },
    currency: r.currency as ServiceView['currency'],
    bookableOnline: r.bookableOnline,
    confirmation: r.confirmation,
    consultationForNewColourClients: r.consultationForNewColourClients,
    patchTestLeadHours: r.patchTestLeadHours,
    deposit: r.deposit ?? null,
  };
}

const columns = (f: ServiceFields) => ({
  name: f.name,
  description: f.description,
  styleTags: f.styleTags,
  ...f.duration,
  priceKind: f.price.kind,
  priceCents: f.price.kind === 'consultation' ? null : f.price.amountCents,
  currency: f.currency,
  bookableOnline: f.bookableOnline,
  confirmation: f.confirmation,
  consultationForNewColourClients: f.consultationForNewColourClients,
  patchTestLeadHours: f.patchTestLeadHours,
  deposit: f.deposit,
});

/** The menu in the professional's order; `onlineOnly` for what a client may book. */
export async function menuOf(db: Db | Tx, partnerId: string, opts: { onlineOnly?: boolean } = {}): Promise<ServiceRow[]> {
  const rows = await db
    .select()
    .from(bookingService)
    .where(and(eq(bookingService.partnerId, partnerId), isNull(bookingService.archivedAt)))
    .orderBy(asc(bookingService.position), asc(bookingService.createdAt));
  return opts.onlineOnly ? rows.filter((r) => r.bookableOnline) : rows;
}

export async function createService(db: Db, partnerId: string, f: ServiceFields): Promise<ServiceView> {
  const [{ last }] = await db
    .select({ last: max(bookingService.position) })
    .from(bookingService)
    .where(eq(bookingService.partnerId, partnerId));
  const [row] = await db
    .insert(bookingService)
    .values({ partnerId, position: (last ?? -1) + 1, ...columns(f) })
    .returning();
  return toServiceView(row);
}

/** Another professional's service is not found: the id alone never reaches someone else's menu. */
export async function saveService(db: Db, partnerId: string, id: string, f: ServiceFields): Promise<ServiceView> {
  const [row] = await db
    .update(bookingService)
    .set({ ...columns(f), updatedAt: new Date() })
    .where(and(eq(bookingService.id, id), eq(bookingService.partnerId, partnerId), isNull(bookingService.archivedAt)))
    .returning();
  if (!row) throw new AppError('not-found', SERVICE_NOT_FOUND);
  return toServiceView(row);
}

/** Archived, not deleted: bookings keep pointing at it. */
export async function archiveService(db: Db, partnerId: string, id: string): Promise<void> {
  const rows = await db
    .update(bookingService)
    .set({ archivedAt: new Date() })
    .where(and(eq(bookingService.id, id), eq(bookingService.partnerId, partnerId), isNull(bookingService.archivedAt)))
    .returning({ id: bookingService.id });
  if (rows.length === 0) throw new AppError('not-found', SERVICE_NOT_FOUND);
}
