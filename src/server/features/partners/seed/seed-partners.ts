import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { partner, partnerImage } from '../../../db/schema';
import { PROJECT_ROOT } from '../../../lib/project-root';
import { createVerifiedUser } from '../../../seed/create-verified-user';
import { DEMO_PRO } from '../../../seed/demo-accounts';
import type { Services } from '../../../services';
import { STYLES } from '@shared/content/styles';
import { parseHairPrompt } from '@shared/hair/prompt';
import { createPartner } from '../create-partner';
import { refreshStyleTags } from '../partner-images';
import { newImageKey } from '../partner-media';
import { upsertReview } from '../reviews';
import { saveProfile } from '../save-profile';
import { DEMO_PROFESSIONALS, DEMO_REVIEWERS, REVIEW_TEXT, type DemoProfessional } from './demo-professionals';

const STYLE_DIR = path.join(PROJECT_ROOT, 'public/img/styles');

/**
 * A portfolio picture from a style-library illustration; mirrored for every other professional and 3 % lighter
 * or darker for two in three, so the same look differs. The brightness is a gain on the pixels: sharp's
 * modulate() did it through a colour-space round trip that took half of each picture's ~0.1 s of CPU (and ran
 * at a gain of 1 too), the seed's largest cost on a fresh install.
 */
async function portfolioPicture(styleId: string, variant: number): Promise<Buffer | null> {
  const file = path.join(STYLE_DIR, `${styleId}-720.webp`);
  const src = await readFile(file).catch(() => null);
  if (!src) return null;
  let img = sharp(src);
  if (variant % 2 === 1) img = img.flop();
  const gain = 1 + ((variant % 3) - 1) * 0.03;
  if (gain !== 1) img = img.linear(gain, 0);
  return img.jpeg({ quality: 84, mozjpeg: true }).toBuffer();
}

/** The techniques and colours a style shows, in the shared vocabulary. */
function tagsFor(styleId: string): string[] {
  const style = STYLES.find((s) => s.id === styleId);
  if (!style) return [];
  const technique = parseHairPrompt(style.prompt).technique;
  return [...(technique ? [technique] : []), ...style.colours].slice(0, 8);
}

async function seedOne(s: Services, d: DemoProfessional, index: number, reviewerIds: string[]) {
  // only the demo professional is signed in as; the others have no password (hashing one costs ~0.1 s of CPU)
  const password = d.email === DEMO_PRO.email ? DEMO_PRO.password : null;
  const uid = await createVerifiedUser(s, { email: d.email, password, name: d.fullName });
  const [existing] = await s.db.select({ complete: partner.profileComplete }).from(partner).where(eq(partner.userId, uid));
  if (existing?.complete) return;
  await createPartner(s, uid, { fullName: d.fullName, businessName: d.businessName });
  const periodDays = d.plan === 'yearly' ? 365 : 30;
  await s.db
    .update(partner)
    .set({ subscriptionStatus: 'active', plan: d.plan, currentPeriodEnd: new Date(Date.now() + periodDays * 86_400_000), isVerified: d.verified })
    .where(eq(partner.userId, uid));
  const have = await s.db
    .select({ id: partnerImage.id })
    .from(partnerImage)
    .where(and(eq(partnerImage.partnerId, uid), eq(partnerImage.kind, 'portfolio')));
  if (have.length === 0) {
    for (const [position, styleId] of d.portfolio.entries()) {
      const body = await portfolioPicture(styleId, index + position);
      if (!body) continue;
      const key = newImageKey(uid, 'portfolio', 'jpg');
      await s.storage.put(key, body, 'image/jpeg');
      await s.db.insert(partnerImage).values({ partnerId: uid, kind: 'portfolio', storageKey: key, position, tags: tagsFor(styleId) });
    }
    await refreshStyleTags(s.db, uid);
  }
  await saveProfile(s, uid, {
    fullName: d.fullName,
    businessName: d.businessName,
    location: d.location,
    bio: d.bio,
    services: d.services,
    website: d.website,
    instagram: d.instagram,
    facebook: '',
  });
  for (const [i, rating] of d.ratings.entries()) {
    if (!rating || !reviewerIds[i]) continue;
    const texts = REVIEW_TEXT[rating] ?? REVIEW_TEXT[4];
    await upsertReview(s.db, s.bus, reviewerIds[i], uid, { rating, comment: texts[(index + i) % texts.length] });
  }
}

/** Idempotent: a professional whose profile is already complete is left as it is. */
export async function seedPartners(s: Services) {
  const reviewerIds: string[] = [];
  for (const r of DEMO_REVIEWERS) reviewerIds.push(await createVerifiedUser(s, { email: r.email, password: null, name: r.name }));
  for (const [i, d] of DEMO_PROFESSIONALS.entries()) await seedOne(s, d, i, reviewerIds);
}
