import { useMutation, useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { InquiryInput } from '@shared/partners/schemas';
import { endSentence } from '@shared/text';
import { Button } from '@web/components/ui/button';
import { TextArea } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { useMe } from '@web/features/auth/public';
import { call, errorMessage } from '@web/lib/api';
import { partnersApi } from '../api/partners-api';
import { partnerSchemas } from '../lib/partner-schemas';

/** Client inquiries (plan feature): a message, optionally with one of your try-ons as a "show my stylist" brief. */
export function InquiryForm({ partnerId, businessName, attach }: { partnerId: string; businessName: string; attach?: string }) {
  const { me } = useMe();
  const location = useLocation();
  // "Ask {business} about this look" arrives with the saved try-on to attach, the form already open
  const [open, setOpen] = useState(Boolean(attach));
  const [message, setMessage] = useState('');
  const [creationId, setCreationId] = useState<string | undefined>(attach);
  const [error, setError] = useState<string | null>(null);
  const creations = useQuery({
    queryKey: ['creations', 'inquiry-picker'],
    queryFn: async ({ signal }) => (await call('GET /api/me/creations', { query: { limit: 12 } }, { signal })).creations,
    enabled: open && Boolean(me),
  });
  const send = useMutation({
    mutationFn: (input: InquiryInput) => partnersApi.sendInquiry(partnerId, input),
    onError: (e) => setError(errorMessage(e, 'Could not send your message. Please try again.')),
  });
  if (!me) {
    return (
      <p className="text-sm text-stone-600">
        <Link to="/login" state={{ from: location.pathname + location.search }} className="font-semibold text-brand-800 hover:underline">
          Sign in
        </Link>{' '}
        to message {endSentence(businessName)}
      </p>
    );
  }
  if (me.id === partnerId) return null;
  if (send.isSuccess)
    return (
      <Notice tone="success" title="Message sent">
        {businessName} will reply to {endSentence(me.email)}
      </Notice>
    );
  if (!open) {
    return (
      <Button onClick={() => setOpen(true)} className="w-full sm:w-auto">
        <Mail className="h-4 w-4" aria-hidden />
        Message {businessName}
      </Button>
    );
  }
  return (
    <form
      className="space-y-4"
      onFocus={partnerSchemas.warm}
      onSubmit={async (e) => {
        e.preventDefault();
        // the shared schema (and zod) come with the first message sent, not with every visitor's page (issue 37)
        const { InquiryInputSchema } = await partnerSchemas();
        const parsed = InquiryInputSchema.safeParse({ message, creationId });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check your message.');
        setError(null);
        send.mutate(parsed.data);
      }}
    >
      <TextArea
        label={`Message to ${businessName}`}
        rows={4}
        value={message}
        maxLength={2000}
        onChange={(e) => setMessage(e.target.value)}
        placeholder="What would you like done, and when are you free?"
        error={error ?? undefined}
      />
      {creations.data && creations.data.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-stone-700">Show my stylist (optional): attach a try-on</legend>
          <div className="flex gap-2 overflow-x-auto pb-1">
            {creations.data.map((c) => (
              <button
                key={c.id}
                type="button"
                aria-pressed={creationId === c.id}
                onClick={() => setCreationId(creationId === c.id ? undefined : c.id)}
                className={`relative h-20 w-16 shrink-0 overflow-hidden rounded-xl ring-2 ${creationId === c.id ? 'ring-brand-600' : 'ring-transparent hover:ring-stone-300'}`}
                title={c.prompt}
              >
                <img src={c.outputUrl} alt={c.prompt} className="h-full w-full object-cover" />
              </button>
            ))}
          </div>
        </fieldset>
      )}
      <p className="text-xs text-stone-500">
        Your email ({me.email}) is shared with {businessName} so they can reply.
      </p>
      <div className="flex gap-2">
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send message'}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
