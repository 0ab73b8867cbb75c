import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boundingBox, EARTH_RADIUS_KM } from '@shared/geo/distance';
import { DEMAND_ROUNDING, INSIGHT_DAYS, MIN_PEOPLE, MIN_RENDERS, type DemandRow } from '@shared/insights/schemas';
import { styleTagLabel } from '@shared/partners/style-tags';

interface Centre {
  lat: number;
  lng: number;
  radiusKm: number;
}

/** The last INSIGHT_DAYS whole UTC days, today excluded: the figures change once a day, not with each render. */
function window(now: Date) {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: new Date(end - INSIGHT_DAYS * 86_400_000), to: new Date(end) };
}

const rounded = (n: number) => Math.floor(n / DEMAND_ROUNDING) * DEMAND_ROUNDING;

/**
 * Renders (successful generations) by people whose coarse location (the city they searched the directory
 * near) is within the radius, grouped by the technique and first colour the engine applied. Decision 158:
 * every figure is built from the same fixed cells so that no two figures differ by one person's renders —
 * - a cell is one town's renders of one look over the last 30 whole days (today is not counted yet);
 * - a cell counts only with at least MIN_RENDERS renders by at least MIN_PEOPLE people, else it is dropped
 *   from every figure, the area total included (the total is the sum of the counted cells, not of all renders);
 * - a radius takes whole towns, so a wider radius adds whole counted cells, never a person;
 * - each figure is rounded down to a multiple of DEMAND_ROUNDING after summing.
 */
export async function localDemand(db: Db, c: Centre, now = new Date()): Promise<{ looks: DemandRow[]; totalRenders: number | null }> {
  const box = boundingBox(c.lat, c.lng, c.radiusKm);
  const { from, to } = window(now);
  const lngCond = box.lng ? sql`and up.longitude between ${box.lng[0]}::float8 and ${box.lng[1]}::float8` : sql``;
  const near = sql`up.latitude between ${box.minLat}::float8 and ${box.maxLat}::float8 ${lngCond}
    and 2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(power(sin(radians(up.latitude - ${c.lat}::float8) / 2), 2)
      + cos(radians(${c.lat}::float8)) * cos(radians(up.latitude)) * power(sin(radians(up.longitude - ${c.lng}::float8) / 2), 2)))) <= ${c.radiusKm}::float8`;
  const res = await db.execute<{ technique: string | null; colour: string | null; renders: number | string }>(sql`
    with cell as (
      select up.place_id, nullif(g.result->>'technique', '') as technique, nullif(g.result->'colours'->>0, '') as colour, count(*) as renders
      from generation g join user_place up on up.user_id = g.user_id
      where g.status = 'succeeded' and g.created_at >= ${from.toISOString()}::timestamptz and g.created_at < ${to.toISOString()}::timestamptz and ${near}
      group by 1, 2, 3
      having count(*) >= ${MIN_RENDERS} and count(distinct g.user_id) >= ${MIN_PEOPLE}
    )
    select technique, colour, sum(renders) as renders from cell group by 1, 2`);
  const cells = res.rows.map((r) => ({ technique: r.technique, colour: r.colour, renders: Number(r.renders) }));
  const total = rounded(cells.reduce((a, r) => a + r.renders, 0));
  const looks = cells
    .filter((r) => r.technique !== null || r.colour !== null)
    .map((r) => ({
      technique: r.technique,
      colour: r.colour,
      label: [r.colour, r.technique]
        .filter((x): x is string => Boolean(x))
        .map((t) => styleTagLabel(t).toLowerCase())
        .join(' '),
      renders: rounded(r.renders),
    }))
    .sort((a, b) => b.renders - a.renders || a.label.localeCompare(b.label))
    .slice(0, 12);
  return { looks, totalRenders: total > 0 ? total : null };
}
