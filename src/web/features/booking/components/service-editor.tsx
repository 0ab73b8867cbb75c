import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { CURRENCIES, ServiceInputSchema } from '@shared/booking/schemas';
import { STYLE_TAGS } from '@shared/partners/style-tags';
import { Button } from '@web/components/ui/button';
import { Field, TextArea } from '@web/components/ui/field';
import { useToast } from '@web/components/ui/toast';
import { errorMessage } from '@web/lib/api';
import { bookingKeys, partnerBookingApi } from '../api/booking-api';
import type { Service } from './service-summary';

const SELECT =
  'block w-full rounded-xl border border-stone-300 bg-white px-3 py-2.5 text-stone-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';

interface Form {
  name: string;
  description: string;
  styleTags: string[];
  chair: string;
  processing: string;
  finish: string;
  before: string;
  after: string;
  priceKind: 'fixed' | 'from' | 'consultation';
  price: string;
  currency: (typeof CURRENCIES)[number];
  bookableOnline: boolean;
  confirmation: 'instant' | 'request';
  consultation: boolean;
  patchTest: string;
  depositKind: 'none' | 'fixed' | 'percent';
  deposit: string;
  depositFor: 'all' | 'new';
}

const fromService = (s: Service | null, currency: Form['currency']): Form => ({
  name: s?.name ?? '',
  description: s?.description ?? '',
  styleTags: s?.styleTags ?? [],
  chair: String(s?.duration.chairMinutes ?? 60),
  processing: String(s?.duration.processingMinutes ?? 0),
  finish: String(s?.duration.finishMinutes ?? 0),
  before: String(s?.duration.bufferBeforeMinutes ?? 0),
  after: String(s?.duration.bufferAfterMinutes ?? 0),
  priceKind: s?.price.kind ?? 'fixed',
  price: s && s.price.kind !== 'consultation' ? String(s.price.amountCents / 100) : '',
  currency: s?.currency ?? currency,
  bookableOnline: s?.bookableOnline ?? true,
  confirmation: s?.confirmation ?? 'instant',
  consultation: s?.consultationForNewColourClients ?? false,
  patchTest: String(s?.patchTestLeadHours ?? 0),
  depositKind: s?.deposit?.kind ?? 'none',
  deposit: s?.deposit ? (s.deposit.kind === 'fixed' ? String(s.deposit.amountCents / 100) : String(s.deposit.percent)) : '',
  depositFor: s?.deposit?.appliesTo ?? 'all',
});

const int = (v: string) => (v.trim() === '' ? 0 : Number(v));
const cents = (v: string) => Math.round(Number(v.replace(',', '.')) * 100);

function toInput(f: Form) {
  return {
    name: f.name,
    description: f.description,
    styleTags: f.styleTags,
    duration: {
      chairMinutes: int(f.chair),
      processingMinutes: int(f.processing),
      finishMinutes: int(f.finish),
      bufferBeforeMinutes: int(f.before),
      bufferAfterMinutes: int(f.after),
    },
    price: f.priceKind === 'consultation' ? { kind: 'consultation' as const } : { kind: f.priceKind, amountCents: cents(f.price) },
    currency: f.currency,
    bookableOnline: f.bookableOnline,
    confirmation: f.confirmation,
    consultationForNewColourClients: f.consultation,
    patchTestLeadHours: int(f.patchTest),
    deposit:
      f.depositKind === 'none'
        ? null
        : f.depositKind === 'fixed'
          ? { kind: 'fixed' as const, amountCents: cents(f.deposit), appliesTo: f.depositFor }
          : { kind: 'percent' as const, percent: int(f.deposit), appliesTo: f.depositFor },
  };
}

function Check({ label, hint, checked, onChange }: { label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-700" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        <span className="font-medium text-stone-800">{label}</span>
        {hint && <span className="block text-stone-500">{hint}</span>}
      </span>
    </label>
  );
}

function Select({ label, children, ...rest }: { label: string; children: ReactNode } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-700">
        {label}
      </label>
      <select id={id} className={SELECT} {...rest}>
        {children}
      </select>
    </div>
  );
}

/** Create or edit one service: name, style tags, duration in parts, price, how it is booked, and the deposit. */
export function ServiceEditor({ service, currency, onDone }: { service: Service | null; currency: Form['currency']; onDone: () => void }) {
  const [f, setF] = useState<Form>(() => fromService(service, currency));
  const [error, setError] = useState<string | null>(null);
  const qc = useQueryClient();
  const toast = useToast();
  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setF((x) => ({ ...x, [k]: v }));
    setError(null);
  };
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof toInput>) => (service ? partnerBookingApi.saveService(service.id, body) : partnerBookingApi.createService(body)),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: bookingKeys.ownServices });
      toast(service ? 'Service saved.' : 'Service added to your menu.');
      onDone();
    },
    onError: (e) => setError(errorMessage(e, 'Couldn’t save the service. Please try again.')),
  });
  const minutes = (k: 'chair' | 'processing' | 'finish' | 'before' | 'after', label: string, hint?: string) => (
    <Field label={label} hint={hint} type="number" inputMode="numeric" min={0} step={5} value={f[k]} onChange={(e) => set(k, e.target.value)} />
  );
  return (
    <form
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        const body = toInput(f);
        const parsed = ServiceInputSchema.safeParse(body);
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form.');
        save.mutate(body);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Service name" value={f.name} maxLength={80} onChange={(e) => set('name', e.target.value)} placeholder="Balayage with toner" required />
        <Select label="Currency" value={f.currency} onChange={(e) => set('currency', e.target.value as Form['currency'])}>
          {CURRENCIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </Select>
      </div>
      <TextArea label="Description (optional)" rows={2} maxLength={500} value={f.description} onChange={(e) => set('description', e.target.value)} />

      <fieldset>
        <legend className="mb-1 text-sm font-medium text-stone-700">Looks this service does</legend>
        <p className="mb-2 text-xs text-stone-500">A client arriving from a look they tried in the studio gets the service with its technique chosen.</p>
        <div className="flex flex-wrap gap-1.5">
          {STYLE_TAGS.map((t) => {
            const on = f.styleTags.includes(t.id);
            return (
              <button
                key={t.id}
                type="button"
                aria-pressed={on}
                onClick={() => set('styleTags', on ? f.styleTags.filter((x) => x !== t.id) : [...f.styleTags, t.id])}
                className={`rounded-full px-3 py-1 text-sm ring-1 ${on ? 'bg-brand-700 text-white ring-brand-700' : t.kind === 'technique' ? 'bg-white text-stone-800 ring-stone-300' : 'bg-stone-50 text-stone-700 ring-stone-200'}`}
              >
                {t.label}
              </button>
            );
          })}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-stone-700">Duration, in minutes</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {minutes('chair', 'Chair time')}
          {minutes('processing', 'Processing', 'You are free meanwhile')}
          {minutes('finish', 'Finish')}
          {minutes('before', 'Buffer before')}
          {minutes('after', 'Buffer after')}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Pricing" value={f.priceKind} onChange={(e) => set('priceKind', e.target.value as Form['priceKind'])}>
          <option value="fixed">Fixed price</option>
          <option value="from">From a price</option>
          <option value="consultation">Priced at consultation</option>
        </Select>
        {f.priceKind !== 'consultation' && (
          <Field
            label={`Price (${f.currency})`}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={f.price}
            onChange={(e) => set('price', e.target.value)}
            required
          />
        )}
      </div>

      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-stone-700">Booking</legend>
        <Check
          label="Bookable online"
          hint="Off: clients see it on your menu and message you to book."
          checked={f.bookableOnline}
          onChange={(v) => set('bookableOnline', v)}
        />
        <div className="flex flex-wrap gap-4 pl-7 text-sm">
          {(
            [
              ['instant', 'Confirmed at once'],
              ['request', 'I accept each request (within 24 h)'],
            ] as const
          ).map(([v, label]) => (
            <label key={v} className="flex items-center gap-2">
              <input type="radio" name="confirmation" className="accent-brand-700" checked={f.confirmation === v} onChange={() => set('confirmation', v)} />
              {label}
            </label>
          ))}
        </div>
        <Check
          label="New colour clients need a consultation first"
          hint="They are asked for their hair history, and their look’s photo shows their hair today."
          checked={f.consultation}
          onChange={(v) => set('consultation', v)}
        />
        <div className="max-w-xs">
          <Field
            label="Patch test, hours before"
            hint="0 for none; 48 is usual for colour."
            type="number"
            min={0}
            max={168}
            value={f.patchTest}
            onChange={(e) => set('patchTest', e.target.value)}
          />
        </div>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-1 text-sm font-medium text-stone-700 sm:col-span-3">Deposit</legend>
        <Select label="Take a deposit" value={f.depositKind} onChange={(e) => set('depositKind', e.target.value as Form['depositKind'])}>
          <option value="none">No deposit</option>
          <option value="fixed">A fixed amount</option>
          <option value="percent">A share of the price</option>
        </Select>
        {f.depositKind !== 'none' && (
          <>
            <Field
              label={f.depositKind === 'fixed' ? `Deposit (${f.currency})` : 'Percent of the price'}
              type="number"
              min={0}
              step={f.depositKind === 'fixed' ? '0.01' : '1'}
              value={f.deposit}
              onChange={(e) => set('deposit', e.target.value)}
              required
            />
            <Select label="From" value={f.depositFor} onChange={(e) => set('depositFor', e.target.value as Form['depositFor'])}>
              <option value="all">Every client</option>
              <option value="new">New clients only</option>
            </Select>
          </>
        )}
      </fieldset>

      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : service ? 'Save service' : 'Add service'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
