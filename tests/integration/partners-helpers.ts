import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { partner, user } from '../../src/server/db/schema';
import { searchText } from '../../src/server/features/partners/search-text';
import type { TestApp } from '../support/test-app';

/** A signed-in user who joined as a professional; `status` is written the way the payments webhook writes it. */
export async function partnerUser(
  t: TestApp,
  opts: { businessName?: string; fullName?: string; status?: string; plan?: 'monthly' | 'yearly' | null; email?: string } = {},
) {
  const u = await t.signedInUser({ email: opts.email });
  const join = await t.request('/api/partners/join', {
    method: 'POST',
    cookie: u.cookie,
    json: { fullName: opts.fullName ?? 'Pat Stylist', businessName: opts.businessName ?? 'Pat Hair' },
  });
  if (!join.ok) throw new Error(`join failed: ${join.status} ${await join.text()}`);
  if (opts.status !== undefined || opts.plan !== undefined) await setSubscription(t, u.id, opts.status ?? 'active', opts.plan ?? 'monthly');
  return u;
}

export async function setSubscription(t: TestApp, userId: string, status: string, plan: 'monthly' | 'yearly' | null = 'monthly') {
  await t.services.db.update(partner).set({ subscriptionStatus: status, plan }).where(eq(partner.userId, userId));
}

export const profileBody = (over: Record<string, unknown> = {}) => ({
  fullName: 'Pat Stylist',
  businessName: 'Pat Hair',
  location: 'Leeds',
  bio: 'Colour specialist.',
  services: 'Balayage, Cuts, ',
  website: 'pathair.example',
  instagram: '@pathair',
  facebook: '',
  ...over,
});

/** A listed professional: active, profile saved. */
export async function listedPartner(t: TestApp, over: Record<string, unknown> = {}, plan: 'monthly' | 'yearly' = 'monthly') {
  const u = await partnerUser(t, { status: 'active', plan });
  const res = await t.request('/api/partner/profile', { method: 'PUT', cookie: u.cookie, json: profileBody(over) });
  if (!res.ok) throw new Error(`profile save failed: ${res.status} ${await res.text()}`);
  return { ...u, slug: ((await res.json()) as { slug: string | null }).slug };
}

export async function pngBytes(width = 64, height = 48, colour = '#b45309') {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
export async function jpegWithExif() {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: '#7c2d12' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner', Artist: 'GPS home' } } })
    .toBuffer();
}

export const upload = (t: TestApp, cookie: string, data: Record<string, unknown>) =>
  t.request('/api/fn/uploadPartnerImage', { method: 'POST', cookie, json: { data } });
export const uploadPng = async (t: TestApp, cookie: string, type: 'profile' | 'portfolio' = 'portfolio') =>
  upload(t, cookie, { type, fileName: 'look.png', contentType: 'image/png', base64: (await pngBytes()).toString('base64') });

/** Listed partners written straight to the tables (no password hashing), for tests about the directory's shape. */
export async function insertListed(t: TestApp, rows: { businessName: string; location?: string; plan?: 'monthly' | 'yearly' }[]) {
  const ids: string[] = [];
  for (const r of rows) {
    const id = `direct-${crypto.randomUUID()}`;
    const email = `${id}@example.com`;
    await t.services.db.insert(user).values({ id, name: r.businessName, email, emailVerified: true });
    const p = { fullName: 'Direct Person', businessName: r.businessName, location: r.location ?? '', services: ['Cuts'] };
    await t.services.db
      .insert(partner)
      .values({ userId: id, email, ...p, subscriptionStatus: 'active', plan: r.plan ?? 'monthly', profileComplete: true, searchText: searchText(p) });
    ids.push(id);
  }
  return ids;
}
