import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { useToast } from '@web/components/ui/toast';
import { errorMessage } from '@web/lib/api';
import { partnerBookingApi } from '../api/booking-api';
import { zonedInstant, zoneCity } from '../lib/time';

const INPUT = 'rounded-xl border border-stone-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';

/** Blocks a stretch of time (a lunch, a training day) so nobody can book it; times are the salon's. */
export function BlockTimeForm({ timeZone, date }: { timeZone: string; date: string }) {
  const [f, setF] = useState({ from: date, fromTime: '12:00', to: date, toTime: '13:00', label: '' });
  const qc = useQueryClient();
  const toast = useToast();
  const block = useMutation({
    mutationFn: () =>
      partnerBookingApi.block({
        start: zonedInstant(f.from, f.fromTime, timeZone),
        end: zonedInstant(f.to, f.toTime, timeZone),
        label: f.label,
      }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['booking', 'partner', 'agenda'] });
      toast('Time blocked.');
    },
  });
  const put = (k: keyof typeof f, v: string) => {
    setF((x) => ({ ...x, [k]: v, ...(k === 'from' && x.to < v ? { to: v } : {}) }));
    block.reset();
  };
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        block.mutate();
      }}
    >
      <fieldset>
        <legend className="mb-1 text-sm text-stone-600">From</legend>
        <div className="grid grid-cols-[1fr_auto] gap-2">
          <input type="date" className={INPUT} aria-label="Block from date" value={f.from} onChange={(e) => put('from', e.target.value)} required />
          <input type="time" className={INPUT} aria-label="Block from time" value={f.fromTime} onChange={(e) => put('fromTime', e.target.value)} required />
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-1 text-sm text-stone-600">To</legend>
        <div className="grid grid-cols-[1fr_auto] gap-2">
          <input type="date" className={INPUT} aria-label="Block to date" value={f.to} min={f.from} onChange={(e) => put('to', e.target.value)} required />
          <input type="time" className={INPUT} aria-label="Block to time" value={f.toTime} onChange={(e) => put('toTime', e.target.value)} required />
        </div>
      </fieldset>
      <input
        className={`${INPUT} w-full`}
        aria-label="What for (optional)"
        placeholder="What for (optional)"
        maxLength={80}
        value={f.label}
        onChange={(e) => put('label', e.target.value)}
      />
      <p className="text-xs text-stone-500">{zoneCity(timeZone)} time.</p>
      {block.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(block.error, 'Couldn’t block that time.')}
        </p>
      )}
      <Button type="submit" size="sm" variant="secondary" disabled={block.isPending}>
        {block.isPending ? 'Blocking…' : 'Block this time'}
      </Button>
    </form>
  );
}
