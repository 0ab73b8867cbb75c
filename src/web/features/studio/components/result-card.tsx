import { Check, Download, MapPin, Share2, Bookmark, Mail } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { COLOUR_WORDS } from '@shared/hair/colour-words';
import { generationImagePath } from '@shared/studio/display';
import type { GenerateResult } from '@shared/studio/generate';
import { fileNameForPrompt } from '@shared/studio/file-name';
import { Button, buttonClass } from '@web/components/ui/button';
import { base64ToBlob, useObjectUrl } from '../hooks/use-object-url';
import { useResultActions } from '../hooks/use-result-actions';
import { AnalysisCard } from './analysis-card';
import { CompareSlider } from './compare-slider';

const COLOUR_IDS = new Set<string>(COLOUR_WORDS.map((c) => c.id));

/**
 * Directory link for the look: the technique and the first of the 21 colour words the engine applied, and the
 * saved look itself, so booking from the results preselects the matching service and attaches the render.
 */
export function professionalsLink(technique: string | null, colours: string[], look?: string): string {
  const q = new URLSearchParams();
  const colour = colours.find((c) => COLOUR_IDS.has(c));
  if (technique) q.set('style', technique);
  if (colour) q.set('colour', colour);
  if (look) q.set('look', look);
  const s = q.toString();
  return `/professionals${s ? `?${s}` : ''}`;
}

export function ResultCard({
  result,
  prompt,
  beforeUrl,
  askPro,
}: {
  result: GenerateResult;
  prompt: string;
  beforeUrl: string;
  askPro?: { slug: string; businessName: string } | null;
}) {
  // shown from the display-size picture; Download takes the lossless PNG (fetched only when asked for)
  const blob = useMemo(() => (result.display ? base64ToBlob(result.display.image, result.display.type) : base64ToBlob(result.image ?? '')), [result]);
  const afterUrl = useObjectUrl(blob);
  const lossless = useMemo(() => (result.display && result.image ? base64ToBlob(result.image) : null), [result]);
  const losslessUrl = useObjectUrl(lossless);
  const downloadUrl = result.display ? (losslessUrl ?? generationImagePath(result.generationId)) : afterUrl;
  const { saved, saving, onSave, onShare, sharing, ensureSaved } = useResultActions(result.generationId, result.applied || prompt);
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  // the inquiry carries a saved creation, so asking saves the result first
  const ask = async () => {
    if (!askPro) return;
    setAsking(true);
    try {
      const creation = await ensureSaved();
      navigate(`/professionals/${encodeURIComponent(askPro.slug)}?inquire=${encodeURIComponent(creation.id)}#contact`);
    } catch {
      setAsking(false);
      void onSave();
    }
  };
  if (!afterUrl) return null;
  return (
    <div className="space-y-4">
      <CompareSlider before={beforeUrl} after={afterUrl} alt={result.applied || prompt} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-stone-500">Applied</p>
          <p className="font-display text-xl font-semibold text-stone-900" data-testid="applied">
            {result.applied}
          </p>
        </div>
        {result.engine === 'local' && (
          <span className="rounded-full bg-stone-100 px-2.5 py-1 text-xs font-medium text-stone-600">Rendered on Tress servers</span>
        )}
      </div>
      {result.analysis && <AnalysisCard analysis={result.analysis} />}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Button onClick={() => void onSave()} disabled={saving || !!saved} variant={saved ? 'secondary' : 'primary'}>
          {saved ? <Check className="h-4 w-4" aria-hidden /> : <Bookmark className="h-4 w-4" aria-hidden />}
          {saved ? 'Saved' : saving ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onShare} disabled={sharing}>
          <Share2 className="h-4 w-4" aria-hidden />
          {sharing ? 'Sharing…' : 'Share'}
        </Button>
        <a
          href={downloadUrl ?? afterUrl}
          download={fileNameForPrompt(prompt)}
          className={buttonClass({ variant: 'secondary', className: 'col-span-2 sm:col-span-1' })}
        >
          <Download className="h-4 w-4" aria-hidden />
          Download
        </a>
      </div>
      {askPro && (
        <Button onClick={() => void ask()} disabled={asking} className="w-full">
          <Mail className="h-4 w-4" aria-hidden />
          {asking ? 'Saving your look…' : `Ask ${askPro.businessName} about this look`}
        </Button>
      )}
      <Link
        to={professionalsLink(result.technique, result.colours, saved?.id)}
        onClick={(e) => {
          // the look is attached to a booking as a saved creation, so it is saved on the way
          if (saved) return;
          e.preventDefault();
          void ensureSaved().then(
            (c) => navigate(professionalsLink(result.technique, result.colours, c.id)),
            () => navigate(professionalsLink(result.technique, result.colours)),
          );
        }}
        className="flex items-center justify-between gap-3 rounded-2xl bg-brand-50 px-4 py-3 text-sm font-semibold text-brand-900 ring-1 ring-brand-200 hover:bg-brand-100"
      >
        <span className="flex items-center gap-2">
          <MapPin className="h-4 w-4" aria-hidden />
          Find a professional for this look
        </span>
        <span aria-hidden>→</span>
      </Link>
    </div>
  );
}
