import { describe, expect, it } from 'vitest';
import { governingSubscription } from './sync-partner-billing';

const sub = (id: string, status: string, periodEndDay: number | null, updatedDay: number) => ({
  id,
  provider: 'stripe' as const,
  userId: 'u1',
  customerId: 'cus_1',
  plan: 'monthly' as const,
  status,
  currentPeriodEnd: periodEndDay === null ? null : new Date(Date.UTC(2026, 0, periodEndDay)),
  cancelAtPeriodEnd: false,
  lastEventAt: null,
  createdAt: new Date(Date.UTC(2026, 0, 1)),
  updatedAt: new Date(Date.UTC(2026, 0, updatedDay)),
});

describe('governingSubscription', () => {
  it('prefers a counting subscription over a newer canceled one', () => {
    expect(governingSubscription([sub('old', 'canceled', 5, 20), sub('new', 'active', 30, 10)])?.id).toBe('new');
  });
  it('among counting ones takes the latest period end; trialing counts', () => {
    expect(governingSubscription([sub('a', 'active', 10, 1), sub('b', 'trialing', 25, 1)])?.id).toBe('b');
  });
  it('with none counting, takes the most recently changed', () => {
    expect(governingSubscription([sub('a', 'canceled', 10, 3), sub('b', 'past_due', 9, 7)])?.id).toBe('b');
    expect(governingSubscription([])).toBeUndefined();
  });
});
