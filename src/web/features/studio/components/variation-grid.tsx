import { Bookmark, Check, Download, Maximize2 } from 'lucide-react';
import { useMemo } from 'react';
import { generationImagePath } from '@shared/studio/display';
import { fileNameForPrompt } from '@shared/studio/file-name';
import type { Generated } from '@shared/studio/generate';
import { Button, buttonClass } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { base64ToBlob, useObjectUrl } from '../hooks/use-object-url';
import { useResultActions } from '../hooks/use-result-actions';

export interface VariationGridProps {
  variations: Generated[];
  prompt: string;
  /** Variations that could not be drawn: their credits came back. */
  refunded: number;
  /** Opens one variation large, with the before/after slider. */
  onOpen(generationId: string): void;
}

/** The variations of a cut side by side (issue 36), each saved, downloaded or opened on its own. */
export function VariationGrid({ variations, prompt, refunded, onOpen }: VariationGridProps) {
  return (
    <div className="space-y-4" data-testid="variation-grid">
      <div>
        <p className="text-xs font-semibold uppercase tracking-wide text-stone-500">Applied</p>
        <p className="font-display text-xl font-semibold text-stone-900" data-testid="applied">
          {variations[0].applied}
        </p>
        <p className="mt-1 text-sm text-stone-600">Your face and background are kept from your photo in every one. Save the ones you like.</p>
      </div>
      {refunded > 0 && (
        <Notice tone="info">
          {refunded === 1 ? 'One variation' : `${refunded} variations`} could not be drawn, so {refunded === 1 ? 'its credit is' : 'their credits are'} back in
          your balance.
        </Notice>
      )}
      <ul className={`grid gap-3 ${variations.length === 1 ? 'grid-cols-1' : 'grid-cols-2'}`}>
        {variations.map((v, i) => (
          <VariationTile key={v.generationId} variation={v} index={i + 1} prompt={prompt} onOpen={() => onOpen(v.generationId)} />
        ))}
      </ul>
    </div>
  );
}

function VariationTile({ variation, index, prompt, onOpen }: { variation: Generated; index: number; prompt: string; onOpen(): void }) {
  const blob = useMemo(
    () => (variation.display ? base64ToBlob(variation.display.image, variation.display.type) : base64ToBlob(variation.image ?? '')),
    [variation],
  );
  const url = useObjectUrl(blob);
  const { saved, saving, onSave } = useResultActions(variation.generationId, variation.applied || prompt);
  const name = `Variation ${index}`;
  return (
    <li className="space-y-2" data-testid="variation-tile">
      <button
        type="button"
        onClick={onOpen}
        className="group relative block w-full overflow-hidden rounded-2xl bg-stone-100"
        aria-label={`Open ${name.toLowerCase()} large`}
      >
        {url && <img src={url} alt={`${name}: ${variation.applied}`} className="aspect-[4/5] w-full object-cover" />}
        <span className="absolute left-2 top-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-stone-800">{index}</span>
        <Maximize2
          className="absolute right-2 top-2 h-7 w-7 rounded-full bg-white/90 p-1.5 text-stone-800 opacity-80 transition group-hover:opacity-100"
          aria-hidden
        />
      </button>
      <div className="flex gap-2">
        <Button
          size="sm"
          className="flex-1"
          onClick={() => void onSave()}
          disabled={saving || !!saved}
          variant={saved ? 'secondary' : 'primary'}
          aria-label={saved ? `${name} saved` : `Save ${name.toLowerCase()}`}
        >
          {saved ? <Check className="h-4 w-4" aria-hidden /> : <Bookmark className="h-4 w-4" aria-hidden />}
          {saved ? 'Saved' : saving ? 'Saving…' : 'Save'}
        </Button>
        <a
          href={variation.display ? generationImagePath(variation.generationId) : (url ?? undefined)}
          download={fileNameForPrompt(`${prompt} ${index}`)}
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
          aria-label={`Download ${name.toLowerCase()}`}
        >
          <Download className="h-4 w-4" aria-hidden />
        </a>
      </div>
    </li>
  );
}
