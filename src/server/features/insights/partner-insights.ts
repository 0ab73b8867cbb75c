import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inquiry, partnerDailyStat } from '../../db/schema';
import { INSIGHT_DAYS, type InsightsResponse } from '@shared/insights/schemas';
import { placeById } from '../geo/cities';
import { requireManagingPartner } from '../partners/own-partner';
import { bookedThroughTress } from './booked-counts';
import { localDemand } from './local-demand';

/** The last 30 UTC days, oldest first, as YYYY-MM-DD. */
function lastDays(now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: INSIGHT_DAYS }, (_, i) => new Date(today - (INSIGHT_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** /partner/insights: this professional's own counters and the anonymous demand around their city, nothing else. */
export async function partnerInsights(db: Db, uid: string, radiusKm: number): Promise<InsightsResponse> {
  const me = await requireManagingPartner(db, uid);
  const days = lastDays();
  const since = days[0];
  const [stats, inquiries, booked] = await Promise.all([
    db
      .select({ day: partnerDailyStat.day, kind: partnerDailyStat.kind, count: partnerDailyStat.count })
      .from(partnerDailyStat)
      .where(and(eq(partnerDailyStat.partnerId, uid), gte(partnerDailyStat.day, since))),
    db
      .select({ day: sql<string>`to_char(${inquiry.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`, n: sql<number>`count(*)::int` })
      .from(inquiry)
      .where(and(eq(inquiry.partnerId, uid), gte(inquiry.createdAt, new Date(`${since}T00:00:00Z`))))
      .groupBy(sql`1`),
    bookedThroughTress(db, uid, new Date(`${since}T00:00:00Z`)),
  ]);
  const byDay = new Map(days.map((day) => [day, { day, views: 0, directoryClicks: 0, inquiries: 0 }]));
  for (const s of stats) {
    const d = byDay.get(s.day);
    if (d) d[s.kind === 'view' ? 'views' : 'directoryClicks'] += s.count;
  }
  for (const i of inquiries) {
    const d = byDay.get(i.day);
    if (d) d.inquiries += Number(i.n);
  }
  const series = [...byDay.values()];
  const sum = (k: 'views' | 'directoryClicks' | 'inquiries') => series.reduce((a, d) => a + d[k], 0);
  const place = me.placeId ? placeById(me.placeId) : null;
  const demand = place
    ? { place: { label: place.label, radiusKm }, ...(await localDemand(db, { lat: place.lat, lng: place.lng, radiusKm })) }
    : { place: null, looks: [], totalRenders: null };
  return { days: series, totals: { views: sum('views'), directoryClicks: sum('directoryClicks'), inquiries: sum('inquiries') }, booked, demand };
}
