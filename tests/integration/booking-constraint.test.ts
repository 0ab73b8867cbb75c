/**
 * Decision 147: no double booking by construction. The exclusion constraint on busy_block refuses two
 * active blocks of one professional that overlap, on PGlite and PostgreSQL alike; touching ends, another
 * professional, and a block that is no longer active do not conflict.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { partner, user } from '../../src/server/db/schema';
import { dbKinds } from '../support/db-kinds';
import { freshDatabase } from '../support/test-db';

describe.each(dbKinds)('busy-block exclusion constraint on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(kind);
    for (const id of ['pro-a', 'pro-b']) {
      await database.db.insert(user).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
      await database.db.insert(partner).values({ userId: id, email: `${id}@example.com`, fullName: id, businessName: id });
    }
  }, 120_000);
  afterAll(() => database?.close());

  const block = (partnerId: string, from: string, to: string, active = true) =>
    database.db.execute(
      sql`insert into busy_block (id, partner_id, kind, during, active) values (${crypto.randomUUID()}, ${partnerId}, 'blocked', tstzrange(${from}::timestamptz, ${to}::timestamptz, '[)'), ${active})`,
    );
  const code = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: { code?: string; cause?: { code?: string } }) => e.cause?.code ?? e.code ?? 'error',
    );

  it('refuses an overlapping active block with 23P01 and accepts touching, other-professional and inactive ones', async () => {
    expect(await code(block('pro-a', '2026-11-02T14:00Z', '2026-11-02T15:00Z'))).toBe('ok');
    expect(await code(block('pro-a', '2026-11-02T14:30Z', '2026-11-02T15:30Z'))).toBe('23P01');
    expect(await code(block('pro-a', '2026-11-02T15:00Z', '2026-11-02T16:00Z'))).toBe('ok');
    expect(await code(block('pro-b', '2026-11-02T14:00Z', '2026-11-02T15:00Z'))).toBe('ok');
    expect(await code(block('pro-a', '2026-11-02T14:00Z', '2026-11-02T15:00Z', false))).toBe('ok');
    const rows = await database.db.execute(sql`select count(*)::int as n from busy_block where partner_id = 'pro-a' and active`);
    expect(rows.rows[0]).toEqual({ n: 2 });
  });

  it('refuses an unbounded or empty range', async () => {
    expect(await code(block('pro-b', '2026-11-03T10:00Z', '2026-11-03T10:00Z'))).toBe('23514');
  });
});
