import { describe, expect, it } from 'vitest';
import { addDays, clock, dateIn, weekdayOf, zonedInstant } from './time';

describe('booking times', () => {
  it('reads a wall time in the salon zone as the right instant on both sides of a daylight-saving change', () => {
    expect(zonedInstant('2026-10-30', '09:00', 'America/New_York')).toBe('2026-10-30T09:00:00-04:00');
    expect(zonedInstant('2026-11-02', '09:00', 'America/New_York')).toBe('2026-11-02T09:00:00-05:00');
    expect(Date.parse(zonedInstant('2026-11-02', '09:00', 'America/New_York'))).toBe(Date.parse('2026-11-02T14:00:00Z'));
  });

  it('moves a skipped time forward by the gap and takes the earlier of a repeated one', () => {
    expect(zonedInstant('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T03:30:00-04:00');
    expect(zonedInstant('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T01:30:00-04:00');
  });

  it('handles a 30-minute offset and a zone east of UTC across midnight', () => {
    expect(zonedInstant('2026-11-02', '09:00', 'Asia/Kolkata')).toBe('2026-11-02T09:00:00+05:30');
    expect(zonedInstant('2026-04-05', '02:30', 'Australia/Adelaide')).toBe('2026-04-05T02:30:00+10:30');
    expect(dateIn('2026-11-02T20:00:00Z', 'Asia/Kolkata')).toBe('2026-11-03');
  });

  it('shows an instant in the salon zone whatever offset it was written with', () => {
    expect(clock('2026-11-02T14:00:00Z', 'America/New_York')).toBe('09:00');
    expect(clock('2026-11-02T09:00:00-05:00', 'Europe/London')).toBe('14:00');
  });

  it('adds calendar days and names the ISO weekday', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-11-02', -7)).toBe('2026-10-26');
    expect(weekdayOf('2026-11-02')).toBe(1);
    expect(weekdayOf('2026-11-08')).toBe(7);
  });
});
