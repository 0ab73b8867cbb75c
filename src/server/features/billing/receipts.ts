import { formatUsd, PURCHASE_TERMS } from '@shared/billing/catalogue';
import type { Mail } from '../../mail/mailer';
import { actionEmail } from '../../mail/templates';
import { itemAmount, itemName, type CatalogueItem } from './provider';

/** One receipt per purchase (pack or plan), sent after the webhook's transaction commits. */
export function receiptMail(opts: {
  to: string;
  publicUrl: string;
  item: CatalogueItem;
  sessionId: string;
  paidAt: Date;
  balance?: number;
  renewal?: boolean;
}): Mail {
  const { item } = opts;
  const amount = formatUsd(itemAmount(item));
  const date = opts.paidAt.toISOString().slice(0, 10);
  const body =
    item.kind === 'pack'
      ? `Thank you for your purchase. ${item.pack.name} pack: ${item.pack.credits} credits for ${amount} USD, paid ${date}.` +
        (opts.balance === undefined ? '' : ` Your balance is now ${opts.balance} credits.`) +
        ` ${PURCHASE_TERMS.packs} Reference: ${opts.sessionId}.`
      : `${opts.renewal ? 'Your listing plan renewed.' : 'Thank you for subscribing.'} ${item.plan.name} listing plan: ${amount} USD per ${item.plan.interval}, paid ${date}. ${PURCHASE_TERMS.plans} Reference: ${opts.sessionId}.`;
  const url = item.kind === 'pack' ? `${opts.publicUrl}/billing` : `${opts.publicUrl}/partner/profile`;
  const { text, html } = actionEmail({
    heading: `Your Tress receipt: ${itemName(item)}`,
    body,
    action: item.kind === 'pack' ? 'View billing' : opts.renewal ? 'Manage your listing' : 'Complete your listing',
    url,
  });
  return { to: opts.to, subject: `Your Tress receipt: ${itemName(item)} (${amount})`, text, html, link: url };
}
