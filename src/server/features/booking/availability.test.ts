import { describe, expect, it } from 'vitest';
import { blocksFor, freeSlots, startProblem, type HoursRules, type ServiceShape } from './availability';

const weekdays = (open: string, close: string, breaks: { start: string; end: string }[] = []) =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, open, close, breaks }));
const rules = (over: Partial<HoursRules> = {}): HoursRules => ({
  timeZone: 'America/New_York',
  weekly: weekdays('09:00', '17:00'),
  overrides: [],
  minNoticeMinutes: 0,
  maxDaysAhead: 365,
  slotStepMinutes: 30,
  ...over,
});
const cut: ServiceShape = { chairMinutes: 60, processingMinutes: 0, finishMinutes: 0, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 };
const colour: ServiceShape = { chairMinutes: 45, processingMinutes: 45, finishMinutes: 30, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 };
const NOW = Date.parse('2026-10-01T00:00:00Z');
const utc = (s: { start: string }) => new Date(s.start).toISOString();

describe('free slots across time zones and daylight saving', () => {
  it('09:00 in New York is 13:00Z before the November switch and 14:00Z after it', () => {
    const before = freeSlots(rules(), cut, { from: '2026-10-30', to: '2026-10-30', now: NOW });
    const after = freeSlots(rules(), cut, { from: '2026-11-02', to: '2026-11-02', now: NOW });
    expect(before[0]).toMatchObject({ start: '2026-10-30T09:00:00-04:00', end: '2026-10-30T10:00:00-04:00' });
    expect(utc(before[0])).toBe('2026-10-30T13:00:00.000Z');
    expect(after[0]).toMatchObject({ start: '2026-11-02T09:00:00-05:00' });
    expect(utc(after[0])).toBe('2026-11-02T14:00:00.000Z');
    expect(after.at(-1)?.start).toBe('2026-11-02T16:00:00-05:00');
  });

  it('on the spring-forward night 02:30 is not offered and the hour after the gap is', () => {
    const night = rules({ weekly: [{ weekday: 7, open: '01:00', close: '05:00', breaks: [] }], slotStepMinutes: 30 });
    const starts = freeSlots(night, { ...cut, chairMinutes: 30 }, { from: '2026-03-08', to: '2026-03-08', now: Date.parse('2026-03-01T00:00:00Z') }).map(
      (s) => s.start,
    );
    expect(starts).toEqual([
      '2026-03-08T01:00:00-05:00',
      '2026-03-08T01:30:00-05:00',
      '2026-03-08T03:00:00-04:00',
      '2026-03-08T03:30:00-04:00',
      '2026-03-08T04:00:00-04:00',
      '2026-03-08T04:30:00-04:00',
    ]);
  });

  it('on the fall-back night 01:30 is offered once and a two-hour service lasts two hours', () => {
    const night = rules({ weekly: [{ weekday: 7, open: '01:00', close: '05:00', breaks: [] }], slotStepMinutes: 30 });
    const slots = freeSlots(night, { ...cut, chairMinutes: 120 }, { from: '2026-11-01', to: '2026-11-01', now: NOW });
    expect(slots.filter((s) => s.start.startsWith('2026-11-01T01:30')).length).toBe(1);
    expect(slots[0]).toEqual({ start: '2026-11-01T01:00:00-04:00', end: '2026-11-01T02:00:00-05:00', startMs: Date.parse('2026-11-01T05:00:00Z') });
  });

  it('in Kolkata (UTC+05:30) and Adelaide (+10:30 in summer) the half-hour offset is kept', () => {
    const kolkata = freeSlots(rules({ timeZone: 'Asia/Kolkata' }), cut, { from: '2026-11-02', to: '2026-11-02', now: NOW });
    expect(kolkata[0].start).toBe('2026-11-02T09:00:00+05:30');
    expect(utc(kolkata[0])).toBe('2026-11-02T03:30:00.000Z');
    const adelaide = freeSlots(rules({ timeZone: 'Australia/Adelaide' }), cut, { from: '2026-10-02', to: '2026-10-05', now: NOW });
    // Adelaide moves to daylight time on Sunday 4 October 2026: Friday is +09:30, Monday +10:30
    expect(adelaide[0].start).toBe('2026-10-02T09:00:00+09:30');
    expect(adelaide.find((s) => s.start.startsWith('2026-10-05'))?.start).toBe('2026-10-05T09:00:00+10:30');
    expect(utc(adelaide.find((s) => s.start.startsWith('2026-10-05'))!)).toBe('2026-10-04T22:30:00.000Z');
  });
});

describe('hours, breaks, overrides, notice and horizon', () => {
  it('skips breaks, closed days and closed override dates, and honours extra hours', () => {
    const r = rules({
      weekly: weekdays('09:00', '13:00', [{ start: '11:00', end: '12:00' }]),
      overrides: [
        { date: '2026-11-03', hours: null },
        { date: '2026-11-07', hours: { open: '10:00', close: '12:00', breaks: [] } },
      ],
      slotStepMinutes: 60,
    });
    const starts = freeSlots(r, cut, { from: '2026-11-02', to: '2026-11-08', now: NOW }).map((s) => s.start.slice(0, 16));
    expect(starts.filter((s) => s.startsWith('2026-11-02'))).toEqual(['2026-11-02T09:00', '2026-11-02T10:00', '2026-11-02T12:00']);
    expect(starts.some((s) => s.startsWith('2026-11-03'))).toBe(false); // holiday
    expect(starts.filter((s) => s.startsWith('2026-11-07'))).toEqual(['2026-11-07T10:00', '2026-11-07T11:00']); // Saturday extra hours
    expect(starts.some((s) => s.startsWith('2026-11-08'))).toBe(false); // Sunday closed
  });

  it('keeps the minimum notice, the patch-test lead and the horizon', () => {
    const now = Date.parse('2026-11-02T14:10:00Z'); // 09:10 in New York
    const r = rules({ minNoticeMinutes: 120, maxDaysAhead: 1 });
    const slots = freeSlots(r, cut, { from: '2026-11-02', to: '2026-11-10', now });
    expect(slots[0].start).toBe('2026-11-02T11:30:00-05:00');
    expect(new Set(slots.map((s) => s.start.slice(0, 10)))).toEqual(new Set(['2026-11-02', '2026-11-03']));
    const patch = freeSlots(r, { ...cut, patchTestLeadHours: 48 }, { from: '2026-11-02', to: '2026-11-10', now });
    expect(patch).toEqual([]); // 48 h lead reaches past the one-day horizon
    expect(startProblem(r, cut, Date.parse('2026-11-02T14:00:00Z'), now)).toBe('past');
    expect(startProblem(r, cut, Date.parse('2026-11-02T15:00:00Z'), now)).toBe('too-soon');
    expect(startProblem(r, cut, Date.parse('2026-11-04T14:00:00Z'), now)).toBe('too-far');
    expect(startProblem(rules(), cut, Date.parse('2026-11-07T14:00:00Z'), now)).toBe('closed');
    expect(startProblem(rules(), cut, Date.parse('2026-11-03T14:10:00Z'), now)).toBe('outside-hours');
    expect(startProblem(rules(), cut, Date.parse('2026-11-03T21:30:00Z'), now)).toBe('outside-hours'); // 16:30 + 1 h runs past 17:00
    expect(startProblem(rules(), cut, Date.parse('2026-11-03T14:00:00Z'), now)).toBeNull();
  });
});

describe('busy time and processing gaps', () => {
  it('a colour takes two blocks and another client fits in its processing gap', () => {
    const start = Date.parse('2026-11-02T14:00:00Z');
    const blocks = blocksFor(colour, start);
    expect(blocks.map((b) => [new Date(b.start).toISOString(), new Date(b.end).toISOString()])).toEqual([
      ['2026-11-02T14:00:00.000Z', '2026-11-02T14:45:00.000Z'],
      ['2026-11-02T15:30:00.000Z', '2026-11-02T16:00:00.000Z'],
    ]);
    const quick = { ...cut, chairMinutes: 45 };
    const starts = freeSlots(rules({ slotStepMinutes: 15 }), quick, { from: '2026-11-02', to: '2026-11-02', now: NOW, busy: blocks }).map((s) =>
      s.start.slice(11, 16),
    );
    expect(starts).toContain('09:45'); // in the gap
    expect(starts).not.toContain('09:30'); // would overlap the chair part
    expect(starts).not.toContain('10:00'); // would run into the finish
    expect(starts).toContain('11:00'); // back-to-back after the finish
  });

  it('buffers widen the blocks', () => {
    const s = { ...cut, bufferBeforeMinutes: 15, bufferAfterMinutes: 10 };
    expect(blocksFor(s, 0)).toEqual([{ start: -15 * 60_000, end: 70 * 60_000 }]);
  });
});
