import type { z } from 'zod';
import type { OpeningHoursSchema, PolicySchema, ServiceInputSchema } from '@shared/booking/schemas';

/**
 * What each demo professional sells and when they work (issue 33 §12): a service menu whose style tags are the
 * studio's techniques and colours (so a render finds its service), weekly hours in the salon's own IANA zone,
 * and a policy. Prices are in the salon's currency, in minor units.
 */
type Service = z.input<typeof ServiceInputSchema>;
type Hours = z.input<typeof OpeningHoursSchema>;
type Policy = z.input<typeof PolicySchema>;

export interface DemoSalon {
  hours: Hours;
  policy: Policy;
  menu: Service[];
}

type Currency = NonNullable<Service['currency']>;
type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
const LUNCH = [{ start: '13:00', end: '13:30' }];

/** The same opening on each of the given weekdays (1 is Monday). */
const days = (weekdays: Weekday[], open: string, close: string, breaks = LUNCH) => weekdays.map((weekday) => ({ weekday, open, close, breaks }));

const hours = (timeZone: string, weekly: Hours['weekly']): Hours => ({
  timeZone,
  weekly,
  overrides: [],
  minNoticeMinutes: 120,
  maxDaysAhead: 60,
  slotStepMinutes: 15,
});

const POLICY: Policy = {
  cancellationWindowHours: 24,
  lateCancelFeePercent: 50,
  noShowFeePercent: 100,
  note: 'Life happens: move or cancel up to 24 hours before at no cost. Later than that, or if you do not come, the deposit pays for the time we kept for you.',
};

/** A colour service: chair time, then processing (the professional is free), then the finish. */
function colour(
  name: string,
  styleTags: string[],
  minutes: [number, number, number],
  charge: Pick<Service, 'price' | 'currency'>,
  over: Partial<Service> = {},
) {
  const [chairMinutes, processingMinutes, finishMinutes] = minutes;
  return {
    name,
    styleTags,
    duration: { chairMinutes, processingMinutes, finishMinutes, bufferAfterMinutes: 10 },
    ...charge,
    patchTestLeadHours: 48,
    ...over,
  } satisfies Service;
}

function cut(name: string, minutes: number, amountCents: number, currency: Currency, styleTags: string[] = []): Service {
  return { name, styleTags, duration: { chairMinutes: minutes }, price: { kind: 'fixed', amountCents }, currency };
}

const fixed = (amountCents: number, currency: Currency) => ({ price: { kind: 'fixed' as const, amountCents }, currency });
const from = (amountCents: number, currency: Currency) => ({ price: { kind: 'from' as const, amountCents }, currency });
const onConsultation = (currency: Currency) => ({ price: { kind: 'consultation' as const }, currency });
const NEW_CLIENT_DEPOSIT_PERCENT = 25;
const newClientDeposit = { kind: 'percent' as const, percent: NEW_CLIENT_DEPOSIT_PERCENT, appliesTo: 'new' as const };

const LONDON = 'Europe/London';
const TUE_SAT: Weekday[] = [2, 3, 4, 5, 6];
const MON_FRI: Weekday[] = [1, 2, 3, 4, 5];

/** By the professional's email (DEMO_PROFESSIONALS). */
export const DEMO_SALONS: Record<string, DemoSalon> = {
  'pro@tress.app': {
    hours: hours(LONDON, [...days([2, 3, 5, 6], '09:30', '18:00'), ...days([4], '11:00', '20:00', [{ start: '15:00', end: '15:30' }])]),
    policy: POLICY,
    menu: [
      colour('Copper balayage', ['balayage', 'copper', 'auburn'], [90, 45, 45], from(18000, 'GBP'), {
        description: 'Hand-painted copper through the lengths, toned to your skin. Includes a cut and blow-dry.',
        deposit: { kind: 'fixed', amountCents: 3000, appliesTo: 'all' },
      }),
      colour('Copper colour refresh', ['all-over', 'copper', 'ginger'], [45, 30, 30], fixed(9500, 'GBP'), {
        description: 'Roots and a gloss through the ends to bring a faded copper back to life.',
        deposit: newClientDeposit,
      }),
      colour('Honey balayage', ['balayage', 'honey', 'caramel'], [90, 40, 40], from(17000, 'GBP'), { deposit: newClientDeposit }),
      colour('Gloss & toner', ['all-over', 'copper', 'honey', 'auburn'], [20, 20, 20], fixed(5500, 'GBP'), { patchTestLeadHours: 0 }),
      colour('Colour correction', ['all-over'], [120, 60, 60], onConsultation('GBP'), {
        description: 'From box dye or a colour that went wrong: we meet first, then plan it in stages.',
        confirmation: 'request',
        consultationForNewColourClients: true,
      }),
      cut('Cut & finish', 60, 6500, 'GBP'),
    ],
  },
  'mia.wong@demo.tress.app': {
    hours: hours(LONDON, days(TUE_SAT, '10:00', '18:30')),
    policy: POLICY,
    menu: [
      colour('Platinum blonde', ['all-over', 'platinum', 'blonde'], [120, 50, 40], from(22000, 'GBP'), { deposit: newClientDeposit }),
      colour('Full head highlights', ['highlights', 'blonde', 'honey'], [90, 35, 30], from(16000, 'GBP')),
      colour('Toner refresh', ['all-over', 'platinum', 'silver'], [20, 20, 15], fixed(4500, 'GBP'), { patchTestLeadHours: 0 }),
    ],
  },
  'tom.reyes@demo.tress.app': {
    hours: hours(LONDON, days([2, 3, 4, 5, 6], '09:00', '18:00', [])),
    policy: { ...POLICY, lateCancelFeePercent: 0, noShowFeePercent: 0, note: 'Running late? Let us know and we will fit you in if we can.' },
    menu: [
      cut('Skin fade', 45, 2800, 'GBP'),
      cut('Beard trim', 20, 1500, 'GBP'),
      colour('Men’s colour', ['all-over', 'copper', 'silver', 'black'], [30, 25, 15], fixed(4500, 'GBP')),
    ],
  },
  'amara.okafor@demo.tress.app': {
    hours: hours(LONDON, days([3, 4, 5, 6, 7], '10:00', '19:00')),
    policy: POLICY,
    menu: [
      cut('Curly cut', 75, 6000, 'GBP'),
      colour('Colour on natural hair', ['all-over', 'purple', 'burgundy', 'auburn'], [60, 40, 45], from(11000, 'GBP'), { deposit: newClientDeposit }),
      cut('Knotless braids', 300, 18000, 'GBP', ['burgundy', 'black']),
    ],
  },
  'isla.mcintyre@demo.tress.app': {
    hours: hours(LONDON, days(TUE_SAT, '09:00', '17:30')),
    policy: POLICY,
    menu: [
      colour('Root shadow', ['root-shadow', 'brown', 'caramel'], [45, 30, 20], fixed(8500, 'GBP')),
      colour('Sombré', ['sombre', 'honey', 'caramel'], [90, 40, 40], from(15000, 'GBP')),
      colour('Balayage', ['balayage', 'honey'], [90, 40, 40], from(15500, 'GBP')),
      cut('Blow-dry', 45, 3500, 'GBP'),
    ],
  },
  'jess.alvarez@demo.tress.app': {
    hours: hours('America/New_York', days([2, 3, 4, 5, 6], '11:00', '20:00')),
    policy: POLICY,
    menu: [
      colour('Vivid colour', ['all-over', 'pink', 'blue', 'purple', 'teal'], [120, 45, 45], from(25000, 'USD'), { deposit: newClientDeposit }),
      colour('Dip-dye tips', ['dip-dye', 'green', 'blue', 'pink'], [60, 30, 30], from(14000, 'USD')),
      colour('Pastel toner', ['all-over', 'lavender', 'pink'], [30, 20, 20], fixed(9000, 'USD'), { patchTestLeadHours: 0 }),
    ],
  },
  'sam.whitfield@demo.tress.app': {
    hours: hours(LONDON, days(MON_FRI, '09:00', '17:00')),
    policy: POLICY,
    menu: [
      colour('Grey blending', ['lowlights', 'grey', 'silver'], [60, 30, 30], fixed(8000, 'GBP')),
      colour('All-over colour', ['all-over', 'brown', 'chestnut'], [45, 30, 30], fixed(7000, 'GBP')),
      cut('Family cut', 30, 2500, 'GBP'),
    ],
  },
  'noor.haddad@demo.tress.app': {
    hours: hours('America/Toronto', days(TUE_SAT, '10:00', '19:00')),
    policy: POLICY,
    menu: [
      colour('Brunette colour', ['all-over', 'brown', 'chestnut'], [60, 35, 30], from(14000, 'CAD')),
      colour('Cherry cola', ['all-over', 'burgundy', 'red'], [60, 35, 30], from(15500, 'CAD'), { deposit: newClientDeposit }),
      colour('Mirror gloss', ['all-over', 'black', 'brown'], [20, 20, 20], fixed(6500, 'CAD'), { patchTestLeadHours: 0 }),
    ],
  },
  'leo.brennan@demo.tress.app': {
    hours: hours('Europe/Dublin', days([2, 3, 4, 5, 6], '09:00', '18:00', [])),
    policy: { ...POLICY, lateCancelFeePercent: 0, noShowFeePercent: 0, note: '' },
    menu: [
      cut('Mullet', 45, 3000, 'EUR'),
      cut('Hot towel shave', 30, 2500, 'EUR'),
      colour('Beard colour', ['all-over', 'black', 'brown'], [15, 15, 10], fixed(2000, 'EUR')),
    ],
  },
  'chloe.martin@demo.tress.app': {
    hours: hours('America/Chicago', days(TUE_SAT, '09:00', '18:00')),
    policy: POLICY,
    menu: [
      colour('Balayage', ['balayage', 'honey', 'caramel', 'blonde'], [120, 40, 40], from(22000, 'USD'), { deposit: newClientDeposit }),
      colour('Money piece', ['money-piece', 'caramel', 'blonde'], [45, 30, 20], fixed(9500, 'USD')),
      colour('Babylights', ['highlights', 'honey', 'blonde'], [120, 35, 30], from(24000, 'USD')),
    ],
  },
  'ravi.menon@demo.tress.app': {
    hours: hours('America/Toronto', days([1, 2, 3, 4, 5, 6], '10:00', '20:00', [])),
    policy: { ...POLICY, lateCancelFeePercent: 0, noShowFeePercent: 50, note: 'Booking only. A no-show pays half the cut next time.' },
    menu: [
      cut('Skin fade', 45, 4500, 'CAD'),
      colour('Platinum buzz', ['all-over', 'platinum', 'blonde'], [60, 40, 20], fixed(12000, 'CAD')),
      cut('Line-up', 15, 2000, 'CAD'),
    ],
  },
  'hannah.schmidt@demo.tress.app': {
    hours: hours('Australia/Melbourne', days(TUE_SAT, '09:00', '17:30')),
    policy: POLICY,
    menu: [
      colour('Ombré', ['ombre', 'lavender', 'silver', 'blonde'], [90, 40, 40], from(26000, 'AUD')),
      colour('Sombré', ['sombre', 'caramel', 'honey'], [90, 40, 40], from(24000, 'AUD')),
      colour('Silver toning', ['all-over', 'silver', 'lavender'], [30, 20, 20], fixed(9000, 'AUD'), { patchTestLeadHours: 0 }),
    ],
  },
  'grace.liu@demo.tress.app': {
    hours: hours(LONDON, days([1, 2, 4, 5, 6], '09:00', '17:30')),
    policy: POLICY,
    menu: [
      colour('Copper refresh', ['all-over', 'copper', 'ginger'], [45, 30, 30], fixed(9000, 'GBP')),
      colour('Strawberry blonde', ['all-over', 'blonde', 'copper'], [60, 35, 30], from(12000, 'GBP')),
      cut('Curly cut', 60, 5500, 'GBP'),
    ],
  },
  'marcus.reid@demo.tress.app': {
    hours: hours(LONDON, days(TUE_SAT, '10:00', '18:00')),
    policy: POLICY,
    menu: [
      colour('Colour correction', ['all-over'], [150, 60, 60], onConsultation('GBP'), {
        confirmation: 'request',
        consultationForNewColourClients: true,
      }),
      colour('Highlights', ['highlights', 'blonde'], [90, 35, 30], from(15000, 'GBP')),
      colour('Toner', ['all-over', 'blonde', 'silver'], [20, 20, 15], fixed(4500, 'GBP'), { patchTestLeadHours: 0 }),
    ],
  },
};
