import { useQuery } from '@tanstack/react-query';
import { Mail, Reply } from 'lucide-react';
import { Notice } from '@web/components/ui/notice';
import { partnerKeys, partnersApi } from '../api/partners-api';

const when = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** Client inquiries for this listing, newest first; reply goes by email from the partner's own mail app. */
export function InquiriesPanel({ businessName }: { businessName: string }) {
  const q = useQuery({ queryKey: partnerKeys.inquiries, queryFn: ({ signal }) => partnersApi.inquiries(signal), refetchInterval: 60_000 });
  if (q.isPending) return <p className="text-sm text-stone-500">Loading inquiries…</p>;
  if (q.isError) return <Notice tone="warning">Couldn’t load your inquiries. Please refresh the page.</Notice>;
  if (q.data.length === 0)
    return (
      <div className="flex items-center gap-3 rounded-2xl bg-stone-50 p-5 text-sm text-stone-600">
        <Mail className="h-5 w-5 shrink-0 text-stone-400" aria-hidden />
        No inquiries yet. When a client writes to you from your profile, it shows here and arrives by email.
      </div>
    );
  return (
    <ul className="space-y-4">
      {q.data.map((i) => (
        <li key={i.id} className="rounded-2xl bg-white p-5 ring-1 ring-stone-200">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-semibold text-stone-900">
              {i.senderName} <span className="font-normal text-stone-500">· {i.senderEmail}</span>
            </p>
            <time className="text-sm text-stone-500" dateTime={i.createdAt}>
              {when.format(new Date(i.createdAt))}
            </time>
          </div>
          <p className="mt-2 whitespace-pre-line text-stone-700">{i.message}</p>
          {i.creation && (
            <figure className="mt-4 rounded-xl bg-stone-50 p-3">
              <div className="grid max-w-sm grid-cols-2 gap-2">
                <img src={i.creation.beforeUrl} alt="Client photo before" className="aspect-[3/4] w-full rounded-lg object-cover" loading="lazy" />
                <img
                  src={i.creation.afterUrl}
                  alt={`Client try-on: ${i.creation.prompt}`}
                  className="aspect-[3/4] w-full rounded-lg object-cover"
                  loading="lazy"
                />
              </div>
              <figcaption className="mt-2 text-sm text-stone-700">
                <span className="font-medium">Wants:</span> “{i.creation.prompt}”
                {i.creation.summary && <span className="block text-stone-500">{i.creation.summary}</span>}
              </figcaption>
            </figure>
          )}
          <a
            href={`mailto:${encodeURIComponent(i.senderEmail)}?subject=${encodeURIComponent(`Re: your inquiry to ${businessName}`)}`}
            className="mt-4 inline-flex items-center gap-1.5 rounded-full bg-stone-900 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-800"
          >
            <Reply className="h-4 w-4" aria-hidden />
            Reply by email
          </a>
        </li>
      ))}
    </ul>
  );
}
