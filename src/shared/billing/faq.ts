/** The pricing FAQ shown on /pricing (docs/product.md §2 "Pricing data"); /partners may reuse the partner entries. */
export interface FaqEntry {
  question: string;
  answer: string;
  audience: 'everyone' | 'partners';
}

export const PRICING_FAQ: readonly FaqEntry[] = [
  {
    question: 'What does one credit buy?',
    answer:
      'One credit is one AI try-on: upload a photo, describe a colour or technique, and get your new look. Every new account starts with one free credit.',
    audience: 'everyone',
  },
  {
    question: 'Do credits expire?',
    answer: 'No. Credits never expire, so buy a pack once and use it whenever you are ready for your next look.',
    audience: 'everyone',
  },
  {
    question: 'Can I get a refund?',
    answer: 'Credit purchases are non-refundable. If a try-on fails on our side, the credit it used is returned to your balance automatically.',
    audience: 'everyone',
  },
  {
    question: 'How is my payment handled?',
    answer:
      'Payments are processed in USD by our card payment provider on its secure checkout page. Your card details never reach Tress and are never stored by us.',
    audience: 'everyone',
  },
  {
    question: 'What does a partner listing include?',
    answer:
      'A public directory profile with a verified badge once approved, search visibility, up to 6 portfolio images and client reviews. Yearly plans add priority placement and an annual member badge.',
    audience: 'partners',
  },
  {
    question: 'Do you take a commission on bookings?',
    answer: 'No. You pay the flat monthly or yearly listing price and clients contact you directly.',
    audience: 'partners',
  },
  {
    question: 'Can I cancel my partner plan?',
    answer:
      'Yes. Cancel the renewal any time from the billing portal; your listing stays live until the end of the period you paid for, and you can resume before then.',
    audience: 'partners',
  },
];
