import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boundingBox, EARTH_RADIUS_KM } from '@shared/geo/distance';
import { INSIGHT_DAYS, MIN_PEOPLE, MIN_RENDERS, type DemandRow } from '@shared/insights/schemas';
import { styleTagLabel } from '@shared/partners/schemas';

interface Centre {
  lat: number;
  lng: number;
  radiusKm: number;
}

/**
 * Renders (successful generations) of the last 30 days by people whose coarse location (the city they
 * searched the directory near) is within the radius, grouped by the technique and first colour the engine
 * applied. Only the counts leave the database, and a look is dropped unless at least MIN_RENDERS renders by
 * at least MIN_PEOPLE different people make it up, so no person can be picked out (decision 106).
 */
export async function localDemand(db: Db, c: Centre): Promise<{ looks: DemandRow[]; totalRenders: number | null }> {
  const box = boundingBox(c.lat, c.lng, c.radiusKm);
  const lngCond = box.lng ? sql`and up.longitude between ${box.lng[0]}::float8 and ${box.lng[1]}::float8` : sql``;
  const near = sql`up.latitude between ${box.minLat}::float8 and ${box.maxLat}::float8 ${lngCond}
    and 2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(power(sin(radians(up.latitude - ${c.lat}::float8) / 2), 2)
      + cos(radians(${c.lat}::float8)) * cos(radians(up.latitude)) * power(sin(radians(up.longitude - ${c.lng}::float8) / 2), 2)))) <= ${c.radiusKm}::float8`;
  const renders = sql`
    select g.user_id, nullif(g.result->>'technique', '') as technique, nullif(g.result->'colours'->>0, '') as colour
    from generation g join user_place up on up.user_id = g.user_id
    where g.status = 'succeeded' and g.created_at >= now() - make_interval(days => ${INSIGHT_DAYS}) and ${near}`;
  const res = await db.execute<{
    technique: string | null;
    colour: string | null;
    renders: number | string;
    people: number | string;
    total_renders: number | string;
    total_people: number | string;
  }>(sql`
    with r as (${renders})
    select technique, colour, count(*) as renders, count(distinct user_id) as people,
           (select count(*) from r) as total_renders, (select count(distinct user_id) from r) as total_people
    from r where technique is not null or colour is not null
    group by technique, colour
    having count(*) >= ${MIN_RENDERS} and count(distinct user_id) >= ${MIN_PEOPLE}
    order by renders desc, technique nulls last, colour nulls last
    limit 12`);
  const looks = res.rows.map((r) => ({
    technique: r.technique,
    colour: r.colour,
    label: [r.colour, r.technique]
      .filter((x): x is string => Boolean(x))
      .map((t) => styleTagLabel(t).toLowerCase())
      .join(' '),
    renders: Number(r.renders),
  }));
  let total: number | null = null;
  if (res.rows[0]) total = Number(res.rows[0].total_renders);
  else {
    const [t] = (
      await db.execute<{ n: number | string; people: number | string }>(
        sql`with r as (${renders}) select count(*) as n, count(distinct user_id) as people from r`,
      )
    ).rows;
    if (t && Number(t.n) >= MIN_RENDERS && Number(t.people) >= MIN_PEOPLE) total = Number(t.n);
  }
  return { looks, totalRenders: total };
}
