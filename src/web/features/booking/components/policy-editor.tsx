import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import type { PolicySchema } from '@shared/booking/schemas';
import { MSG } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Field, TextArea } from '@web/components/ui/field';
import { useToast } from '@web/components/ui/toast';
import { errorMessage } from '@web/lib/api';
import { bookingKeys, partnerBookingApi } from '../api/booking-api';
import { bookingSchemas } from '../lib/booking-schemas';
import { policyLines } from '../lib/policy';

type Policy = z.input<typeof PolicySchema>;

/** The cancellation window and fees, with the sentences clients will read before booking. */
export function PolicyEditor({ initial }: { initial: Policy }) {
  const [p, setP] = useState({
    window: String(initial.cancellationWindowHours),
    late: String(initial.lateCancelFeePercent),
    noShow: String(initial.noShowFeePercent),
    note: initial.note ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const qc = useQueryClient();
  const toast = useToast();
  const body = { cancellationWindowHours: Number(p.window), lateCancelFeePercent: Number(p.late), noShowFeePercent: Number(p.noShow), note: p.note };
  // The schema (zod) comes as the form is first used (decision 199); until then the form holds the saved policy,
  // which the server checked, so its sentences are shown as they are.
  const [schema, setSchema] = useState<typeof PolicySchema>();
  const loadSchema = () =>
    void bookingSchemas().then(
      (m) => setSchema(() => m.PolicySchema),
      () => undefined,
    );
  const parsed = schema ? schema.safeParse(body) : ({ success: true, data: body } as const);
  const save = useMutation({
    mutationFn: () => partnerBookingApi.savePolicy(body),
    onSuccess: (saved) => {
      qc.setQueryData(bookingKeys.policy, saved);
      toast('Policy saved.');
    },
    onError: (e) => setError(errorMessage(e, 'Couldn’t save the policy. Please try again.')),
  });
  const put = (k: keyof typeof p, v: string) => {
    setP((x) => ({ ...x, [k]: v }));
    setError(null);
  };
  return (
    <form
      className="space-y-5"
      onFocus={loadSchema}
      onSubmit={async (e) => {
        e.preventDefault();
        const schemas = await bookingSchemas().catch(() => null);
        if (!schemas) return setError(MSG.networkFailed);
        const checked = schemas.PolicySchema.safeParse(body);
        if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Check the policy.');
        save.mutate();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Free cancellation until (hours before)"
          type="number"
          min={0}
          max={168}
          value={p.window}
          onChange={(e) => put('window', e.target.value)}
        />
        <Field label="Late cancellation fee (%)" type="number" min={0} max={100} value={p.late} onChange={(e) => put('late', e.target.value)} />
        <Field label="No-show fee (%)" type="number" min={0} max={100} value={p.noShow} onChange={(e) => put('noShow', e.target.value)} />
      </div>
      <TextArea label="Anything else clients should know (optional)" rows={3} maxLength={1000} value={p.note} onChange={(e) => put('note', e.target.value)} />
      {parsed.success && (
        <div className="rounded-2xl bg-stone-50 p-4 text-sm text-stone-700">
          <p className="mb-1 font-semibold text-stone-900">Clients read:</p>
          <ul className="list-disc space-y-0.5 pl-5">
            {policyLines(parsed.data).map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-stone-500">
            Online, only a deposit can be kept; a fee above it is owed at the salon. Cancelling yourself always refunds in full.
          </p>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save policy'}
      </Button>
    </form>
  );
}
