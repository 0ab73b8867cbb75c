import { Sparkles } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { DISPLAY } from '@shared/constants';
import { MSG } from '@shared/messages';
import { ButtonLink } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-title';
import { CreationDialog } from '../components/creation-dialog';
import { useCreations } from '../hooks/use-creations';

const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Spec §2 /creations: the user's latest 96, newest first; each opens to compare, download, share or delete. */
export default function CreationsPage() {
  const { data, isPending, isError } = useCreations(DISPLAY.creationsPage);
  const [params, setParams] = useSearchParams();
  const openId = params.get('open');
  const open = data?.find((c) => c.id === openId) ?? null;
  const setOpen = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('open', id);
    else next.delete('open');
    setParams(next, { replace: !id });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageTitle sub="Every look you saved, newest first. Open one to compare, download, share or delete it." meta={{ title: 'My Creations — Tress' }}>
          My Creations
        </PageTitle>
        <ButtonLink to="/app" className="mb-8">
          <Sparkles className="h-4 w-4" aria-hidden />
          New look
        </ButtonLink>
      </div>
      {isPending ? (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-busy="true" aria-label="Loading creations">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="aspect-[4/5] animate-pulse rounded-2xl bg-stone-200/70" />
          ))}
        </div>
      ) : isError ? (
        <Notice tone="error">Your creations could not be loaded. Please try again.</Notice>
      ) : data.length === 0 ? (
        <div className="rounded-3xl border-2 border-dashed border-stone-200 px-6 py-16 text-center">
          <p className="font-display text-2xl font-semibold text-stone-900">{MSG.noCreations}</p>
          <p className="mt-2 text-stone-600">Try a colour in the studio and save the result to see it here.</p>
          <ButtonLink to="/app" className="mt-6">
            Open the studio
          </ButtonLink>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="creations-grid">
          {data.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => setOpen(c.id)}
                className="group block w-full overflow-hidden rounded-2xl bg-white text-left ring-1 ring-stone-200 transition hover:shadow-lg hover:ring-brand-300"
              >
                <div className="relative">
                  <img
                    src={c.thumbUrl}
                    alt={c.applied ?? c.prompt}
                    loading="lazy"
                    className="aspect-[4/5] w-full object-cover transition duration-300 group-hover:scale-[1.02]"
                  />
                  {c.shareUrl && (
                    <span className="absolute left-2 top-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-stone-700">Shared</span>
                  )}
                </div>
                <div className="p-3">
                  <p className="truncate text-sm font-semibold text-stone-900">{c.applied ?? c.prompt}</p>
                  <p className="text-xs text-stone-500">{DAY.format(new Date(c.createdAt))}</p>
                </div>
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && <CreationDialog key={open.id} creation={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
