import { Palette, Wand2, X } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { IMAGE_ACCEPT } from './photo-drop';

const SUGGESTIONS = [
  'Copper balayage',
  'Honey blonde highlights',
  'Platinum blonde',
  'Cherry cola',
  'Pastel lavender ombré',
  'Chestnut brown with caramel money piece',
];
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export interface PromptCardProps {
  prompt: string;
  onPrompt(v: string): void;
  reference: File | null;
  referenceUrl: string | null;
  onReference(f: File | null): void;
  canGenerate: boolean;
  generating: boolean;
  onGenerate(): void;
  blocker: ReactNode;
  /** What Generate will apply, read live from the prompt (PromptReadingPanel). */
  reading?: ReactNode;
  /** Choices for this prompt before Generate (the variations of a cut). */
  options?: ReactNode;
  /** What Generate says when it does more than one picture ("Generate 3 variations"). */
  generateLabel?: string;
}

/** The prompt, an optional reference photo ("Copy the colour from a photo") and Generate. */
export function PromptCard(p: PromptCardProps) {
  const id = useId();
  const refInput = useRef<HTMLInputElement>(null);
  return (
    <section aria-label="Prompt" className="rounded-3xl bg-white p-5 ring-1 ring-stone-200 sm:p-6">
      <label id={`${id}-title`} htmlFor={`${id}-prompt`} className="font-display text-lg font-semibold text-stone-900">
        Describe your new look
      </label>
      <textarea
        id={`${id}-prompt`}
        value={p.prompt}
        onChange={(e) => p.onPrompt(e.target.value)}
        rows={3}
        maxLength={500}
        placeholder="e.g. copper red balayage, or honey blonde highlights"
        className="mt-3 block w-full resize-none rounded-2xl border border-stone-300 bg-stone-50 px-4 py-3 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      {p.reading}
      {p.options}
      <div className="mt-3 flex flex-wrap gap-2" aria-label="Suggestions">
        {SUGGESTIONS.map((s) => (
          <button
            key={s}
            type="button"
            onClick={() => p.onPrompt(s)}
            className="rounded-full bg-stone-100 px-3 py-1.5 text-xs font-medium text-stone-700 hover:bg-brand-50 hover:text-brand-800"
          >
            {s}
          </button>
        ))}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-stone-100 pt-4">
        <input
          ref={refInput}
          id={`${id}-ref`}
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) p.onReference(f);
            e.target.value = '';
          }}
        />
        {p.reference && p.referenceUrl ? (
          <div className="flex items-center gap-2 rounded-full bg-stone-100 py-1 pl-1 pr-2">
            <img src={p.referenceUrl} alt="Colour reference" className="h-8 w-8 rounded-full object-cover" />
            <span className="max-w-[10rem] truncate text-sm text-stone-700">Colour from {p.reference.name}</span>
            <button
              type="button"
              onClick={() => p.onReference(null)}
              className="rounded-full p-1 text-stone-500 hover:bg-stone-200 hover:text-stone-900"
              aria-label="Remove the colour reference"
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          </div>
        ) : (
          <label
            htmlFor={`${id}-ref`}
            className="inline-flex cursor-pointer items-center gap-2 rounded-full px-3 py-2 text-sm font-medium text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50"
          >
            <Palette className="h-4 w-4 text-brand-700" aria-hidden />
            Copy the colour from a photo
            <span className="text-stone-500">(optional)</span>
          </label>
        )}
        <div className="ml-auto flex items-center gap-3">
          <kbd className="hidden rounded-md bg-stone-100 px-2 py-1 font-sans text-xs text-stone-600 sm:inline">{isMac ? '⌘' : 'Ctrl'} + Enter</kbd>
          <Button size="lg" onClick={p.onGenerate} disabled={!p.canGenerate} aria-describedby={p.blocker ? `${id}-blocker` : undefined}>
            <Wand2 className="h-5 w-5" aria-hidden />
            {p.generating ? 'Generating…' : (p.generateLabel ?? 'Generate')}
          </Button>
        </div>
      </div>
      {p.blocker && (
        <p id={`${id}-blocker`} className="mt-2 text-right text-xs text-stone-500">
          {p.blocker}
        </p>
      )}
    </section>
  );
}
