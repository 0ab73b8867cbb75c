import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app';

/**
 * The ledger invariant (credits = sum(ledger) for every user) must be checked after every test file
 * that moves credits. Signing a user in grants the welcome credit, so that includes every file that
 * creates sessions. This reads the test files themselves, so a new file is covered without anyone
 * remembering: a credit-touching file without the check fails here.
 */
const DIR = import.meta.dirname;
const TOUCHES_CREDITS = [
  /signedInUser\(/,
  /sign-in\/email'[^)]*password: '(password123|secret1)/,
  /generateHairStyle/,
  /createCheckoutSession/,
  /postLedgerEntry|giveCredits|ensureWelcomeCredit|refundGeneration|debitGeneration/,
  /\/api\/webhooks\//,
  /listedPartner\(|partnerUser\(|buildWorld\(/,
];
/** An explicit check, or a test app from createTestApp / useTestApp, whose close() asserts the invariant. */
const CHECKS = /ledgerViolations\(|credits <> coalesce\(sum\(l\.amount\)|createTestApp\(|useTestApp\(|useSafetyWorld\(/;

describe('the ledger invariant is checked by every credit-touching test file', () => {
  it('finds the check in each such file', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.test.ts'));
    const touching = files.filter((f) => TOUCHES_CREDITS.some((re) => re.test(readFileSync(path.join(DIR, f), 'utf8'))));
    const unchecked = touching.filter((f) => !CHECKS.test(readFileSync(path.join(DIR, f), 'utf8')));
    expect(touching.length).toBeGreaterThan(5);
    expect(
      unchecked,
      `use createTestApp / useTestApp (their close() checks) or add \`expect(await ledgerViolations(t.services)).toEqual([])\` in afterAll of: ${unchecked.join(', ')}`,
    ).toEqual([]);
  });

  it('is asserted by the shared test app when it closes', async () => {
    const t = await createTestApp('pglite');
    const u = await t.signedInUser();
    await t.request('/api/me', { cookie: u.cookie });
    // Credits moved without a ledger row: exactly what the invariant exists to catch.
    await t.services.db.execute(sql`update "user" set credits = credits + 5 where id = ${u.id}`);
    await expect(t.close()).rejects.toThrow(/ledger invariant broken/);
  });
});
