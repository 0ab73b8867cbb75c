import { and, desc, eq } from 'drizzle-orm';
import { creation, inquiry, partner, user } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { escapeHtml } from '../../lib/escape-html';
import type { Services } from '../../services';
import { AppliedLookSchema } from '@shared/hair/engine-result';
import { MSG } from '@shared/messages';
import type { InquiryInput } from '@shared/partners/schemas';
import type { InquiryView } from '@shared/partners/views';
import { endSentence } from '@shared/text';
import { listed } from './directory-search';
import { requireManagingPartner } from './own-partner';

/** A short description of what the engine did, from a creation's stored meta (tolerates older meta shapes). */
function briefSummary(meta: unknown): string | null {
  const look = AppliedLookSchema.partial().safeParse(meta);
  if (!look.success) return null;
  return [look.data.applied, look.data.analysis?.note].filter(Boolean).join(' — ') || null;
}

/**
 * A signed-in user writes to a listed professional, optionally attaching one of their own creations as
 * a "show my stylist" brief. Stored for the partner's listing page and mailed with Reply-To the sender.
 */
export async function sendInquiry(s: Pick<Services, 'db' | 'mailer' | 'env' | 'logger'>, senderId: string, partnerId: string, input: InquiryInput) {
  if (senderId === partnerId) throw new AppError('permission-denied', 'This is your own listing.');
  const [p] = await s.db
    .select({ email: partner.email, businessName: partner.businessName })
    .from(partner)
    .where(and(eq(partner.userId, partnerId), listed));
  if (!p) throw new AppError('not-found', MSG.partnerNotFound);
  const [sender] = await s.db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, senderId));
  if (!sender) throw new AppError('unauthenticated', MSG.signInRequired);
  let brief: typeof creation.$inferSelect | undefined;
  if (input.creationId) {
    [brief] = await s.db
      .select()
      .from(creation)
      .where(and(eq(creation.id, input.creationId), eq(creation.userId, senderId)));
    if (!brief) throw new AppError('not-found', 'That creation is not in your gallery.');
  }
  const senderName = sender.name.trim() || sender.email;
  const [row] = await s.db
    .insert(inquiry)
    .values({ partnerId, senderId, senderName, senderEmail: sender.email, message: input.message, creationId: brief?.id ?? null })
    .returning({ id: inquiry.id });
  const url = `${s.env.publicUrl}/partner/profile#inquiries`;
  const lines = [`${senderName} (${sender.email}) wrote to ${p.businessName} on Tress:`, '', input.message];
  if (brief) lines.push('', `Attached look: “${brief.prompt}”${briefSummary(brief.meta) ? ` — ${briefSummary(brief.meta)}` : ''}`);
  lines.push('', `Reply to this email to answer ${endSentence(senderName)} See the before-and-after on your listing page: ${url}`);
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">New client inquiry</h1><p><strong>${escapeHtml(senderName)}</strong> (${escapeHtml(sender.email)}) wrote:</p>
<blockquote style="border-left:3px solid #be185d;margin:0;padding:4px 12px;white-space:pre-wrap">${escapeHtml(input.message)}</blockquote>
${brief ? `<p>Attached look: “${escapeHtml(brief.prompt)}”</p>` : ''}
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#be185d;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Open your inquiries</a></p>
<p style="font-size:12px;color:#78716c">Reply to this email to answer ${escapeHtml(senderName)} directly.</p></body></html>`;
  await s.mailer
    .send({ to: p.email, replyTo: sender.email, subject: `New inquiry from ${senderName}`, text: lines.join('\n'), html, link: url })
    .catch((err) => {
      s.logger.error({ err, inquiry: row.id }, 'inquiry mail failed; the inquiry is still listed for the partner');
    });
  return { id: row.id };
}

/** The partner's inquiries, newest first, with the attached brief's pictures served to this partner only. */
export async function listInquiries(db: Services['db'], partnerId: string): Promise<InquiryView[]> {
  await requireManagingPartner(db, partnerId);
  const rows = await db
    .select({ i: inquiry, c: { prompt: creation.prompt, meta: creation.meta, inputKey: creation.inputKey, outputKey: creation.outputKey } })
    .from(inquiry)
    .leftJoin(creation, eq(creation.id, inquiry.creationId))
    .where(eq(inquiry.partnerId, partnerId))
    .orderBy(desc(inquiry.createdAt))
    .limit(100);
  return rows.map(({ i, c }) => ({
    id: i.id,
    senderName: i.senderName,
    senderEmail: i.senderEmail,
    message: i.message,
    createdAt: i.createdAt.toISOString(),
    creation: c?.prompt
      ? { prompt: c.prompt, beforeUrl: `/media/inquiries/${i.id}/before`, afterUrl: `/media/inquiries/${i.id}/after`, summary: briefSummary(c.meta) }
      : null,
  }));
}

/** The storage key of an inquiry's attached picture, only for the partner it was sent to. */
export async function inquiryImageKey(db: Services['db'], callerId: string, inquiryId: string, which: 'before' | 'after'): Promise<string> {
  const [row] = await db
    .select({ partnerId: inquiry.partnerId, inputKey: creation.inputKey, outputKey: creation.outputKey })
    .from(inquiry)
    .innerJoin(creation, eq(creation.id, inquiry.creationId))
    .where(eq(inquiry.id, inquiryId));
  if (!row || row.partnerId !== callerId) throw new AppError('not-found', 'No such picture.');
  const key = which === 'before' ? row.inputKey : row.outputKey;
  if (!key) throw new AppError('not-found', 'No such picture.');
  return key;
}
