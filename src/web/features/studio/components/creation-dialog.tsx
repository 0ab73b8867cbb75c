import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Link2Off, MapPin, Share2, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { TIMINGS } from '@shared/constants';
import type { Creation } from '@shared/studio/creation';
import { fileNameForPrompt } from '@shared/studio/file-name';
import { Button, buttonClass } from '@web/components/ui/button';
import { useToast } from '@web/components/ui/toast';
import { errorMessage } from '@web/lib/api';
import { studioApi } from '../api/studio-api';
import { SHARE_TEXT, shareOrCopy } from '../hooks/share-link';
import { AnalysisCard } from './analysis-card';
import { CompareSlider } from './compare-slider';
import { professionalsLink } from './result-card';

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One creation, opened from the grid: compare, download, share (or stop sharing) and delete. */
export function CreationDialog({ creation, onClose }: { creation: Creation; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const toast = useToast();
  const qc = useQueryClient();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  const refresh = () => qc.invalidateQueries({ queryKey: ['creations'] });

  // Decision 111: a share shows the result alone unless the owner ticks this; once shared, it changes the live page.
  const [includeBefore, setIncludeBefore] = useState(creation.shareIncludesBefore);
  const share = useMutation({
    mutationFn: async () => shareOrCopy(creation.shareUrl ?? (await studioApi.share(creation.id, { includeBefore })).url, creation.applied ?? creation.prompt),
    onSuccess: (outcome) => {
      if (outcome === 'copied') toast(SHARE_TEXT.copied, 'info', TIMINGS.shareConfirmMs);
      if (outcome === 'unsupported') toast(SHARE_TEXT.unsupported, 'error');
      void refresh();
    },
    onError: (e) => toast(errorMessage(e, SHARE_TEXT.unsupported), 'error'),
  });
  const showBefore = useMutation({
    mutationFn: (include: boolean) => studioApi.share(creation.id, { includeBefore: include }),
    onSuccess: (link) => {
      toast(link.includeBefore ? 'The share page now shows your original photo too.' : 'The share page now shows the result only.', 'info');
      void refresh();
    },
    onError: (e) => {
      setIncludeBefore(creation.shareIncludesBefore);
      toast(errorMessage(e, 'Could not change the share page. Please try again.'), 'error');
    },
  });
  const revoke = useMutation({
    mutationFn: () => studioApi.revokeShare(creation.id),
    onSuccess: () => {
      toast('The share link no longer works.', 'info');
      void refresh();
    },
    onError: (e) => toast(errorMessage(e, 'Could not stop sharing. Please try again.'), 'error'),
  });
  const remove = useMutation({
    mutationFn: () => studioApi.deleteCreation(creation.id),
    onSuccess: () => {
      toast('Creation deleted.', 'info');
      void refresh();
      onClose();
    },
    onError: (e) => toast(errorMessage(e, 'Could not delete the creation. Please try again.'), 'error'),
  });

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(e) => e.target === ref.current && ref.current?.close()}
      aria-labelledby="creation-title"
      className="m-auto w-[min(100vw-1.5rem,56rem)] max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-3xl bg-white p-0 shadow-2xl backdrop:bg-stone-950/60 backdrop:backdrop-blur-sm"
    >
      <div className="grid gap-6 p-4 sm:p-6 md:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
        <CompareSlider before={creation.inputUrl} after={creation.outputUrl} alt={creation.applied ?? creation.prompt} />
        <div className="flex flex-col gap-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id="creation-title" className="font-display text-2xl font-semibold text-stone-900">
                {creation.applied ?? creation.prompt}
              </h2>
              <p className="mt-1 text-sm text-stone-600">“{creation.prompt}”</p>
              <p className="mt-1 text-xs text-stone-500">{DATE.format(new Date(creation.createdAt))}</p>
            </div>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              className="rounded-full p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-900"
              aria-label="Close"
            >
              <X className="h-5 w-5" aria-hidden />
            </button>
          </div>
          {creation.analysis && <AnalysisCard analysis={creation.analysis} />}
          <div className="grid grid-cols-2 gap-2">
            <a href={creation.outputUrl} download={fileNameForPrompt(creation.prompt)} className={buttonClass({ variant: 'primary' })}>
              <Download className="h-4 w-4" aria-hidden />
              Download
            </a>
            <Button variant="secondary" onClick={() => share.mutate()} disabled={share.isPending}>
              <Share2 className="h-4 w-4" aria-hidden />
              Share
            </Button>
          </div>
          <label className="flex items-start gap-2 text-sm text-stone-700">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 rounded border-stone-300 accent-brand-700"
              checked={includeBefore}
              disabled={showBefore.isPending}
              onChange={(e) => {
                setIncludeBefore(e.target.checked);
                if (creation.shareUrl) showBefore.mutate(e.target.checked);
              }}
            />
            <span>
              Show my original photo on the share page
              <span className="block text-xs text-stone-500">Off: people with the link see the result only.</span>
            </span>
          </label>
          {creation.shareUrl && (
            <div className="rounded-2xl bg-stone-50 p-3 text-sm ring-1 ring-stone-200">
              <p className="font-medium text-stone-800">
                {creation.shareIncludesBefore ? 'Shared publicly, with your original photo' : 'Shared publicly, result only'}
              </p>
              <a href={creation.shareUrl} className="mt-1 block truncate text-brand-700 underline" target="_blank" rel="noreferrer">
                {creation.shareUrl}
              </a>
              <button
                type="button"
                onClick={() => revoke.mutate()}
                disabled={revoke.isPending}
                className="mt-2 inline-flex items-center gap-1.5 text-xs font-semibold text-stone-700 hover:text-red-700"
              >
                <Link2Off className="h-3.5 w-3.5" aria-hidden />
                Stop sharing
              </button>
            </div>
          )}
          <Link
            to={professionalsLink(creation.technique, creation.colour ? [creation.colour] : [], creation.id)}
            className="flex items-center gap-2 text-sm font-semibold text-brand-800 hover:text-brand-950"
          >
            <MapPin className="h-4 w-4" aria-hidden />
            Find a professional for this look
          </Link>
          <Button
            variant="ghost"
            className="mt-auto self-start text-red-700 hover:bg-red-50"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm('Delete this creation? Its pictures are removed for good.')) remove.mutate();
            }}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
            Delete
          </Button>
        </div>
      </div>
    </dialog>
  );
}
