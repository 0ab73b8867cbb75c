import { Route, Scissors, Sparkles } from 'lucide-react';
import type { PromptReading } from '@shared/hair/prompt-reading';
import type { EngineStatus } from '@shared/studio/engine-status';
import { ENGINE_TEXT } from '@shared/studio/engine-text';
import type { PromptRoute } from '../lib/prompt-route';

export interface PromptReadingProps {
  /** Null while the parser is still on its way: nothing is said until the words can be read. */
  reading: PromptReading | null;
  /** Whether the prompt was typed at all (nothing is said about an empty box). */
  typed: boolean;
  status: EngineStatus;
  /** A cut and a colour, with no generative engine: the person must confirm the colour only. */
  needsConsent: boolean;
  /** A cut and nothing else, with no generative engine: nothing can be applied. */
  cutOnly: boolean;
  colourOnly: boolean;
  onColourOnly(v: boolean): void;
  /** Which path Generate takes here (issue 36); null where no generative engine runs. */
  route: PromptRoute | null;
}

/**
 * What Generate will apply, read live from the prompt by the same parser the engine uses, so nobody pays
 * for a surprise: the colour and technique, words read differently, what was left out, and a haircut the
 * engine cannot do here (with the "Apply the colour only" confirmation the server asks for).
 */
export function PromptReadingPanel(p: PromptReadingProps) {
  const { reading } = p;
  if (!p.typed) return p.status.matte === 'fallback' ? <FallbackNote /> : null;
  if (!reading) return null;
  return (
    <div className="mt-3 space-y-2" aria-live="polite" data-testid="prompt-reading">
      {reading.applies ? (
        <p className="flex items-start gap-2 text-sm text-stone-700">
          <Sparkles className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
          <span>
            <span className="text-stone-500">Will apply: </span>
            <strong className="font-semibold text-stone-900" data-testid="prompt-applies">
              {reading.applies}
            </strong>
          </span>
        </p>
      ) : (
        !p.cutOnly &&
        !reading.suggestion && <p className="text-sm text-stone-500">No colour found in these words yet. Try “copper balayage” or “two shades darker”.</p>
      )}
      {reading.readAs.length > 0 && (
        <p className="text-xs text-stone-500">
          Read{' '}
          {reading.readAs.map((c, i) => (
            <span key={`${c.from}-${i}`}>
              {i ? ', ' : ''}“{c.from}” as “{c.to}”
            </span>
          ))}
          .
        </p>
      )}
      {reading.without.length > 0 && <p className="text-xs text-stone-500">Leaving out: {reading.without.join(', ').toLowerCase()}.</p>}
      {reading.suggestion && <p className="text-xs text-stone-600">{reading.suggestion}</p>}
      {reading.cut.length > 0 && (p.needsConsent || p.cutOnly) && (
        <div className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" role="status" data-testid="cut-notice">
          <p className="flex items-start gap-2">
            <Scissors className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>{p.cutOnly ? ENGINE_TEXT.cutOnlyNotice : ENGINE_TEXT.cutNotice}</span>
          </p>
          {p.needsConsent && (
            <label className="mt-2 flex cursor-pointer items-center gap-2 font-medium">
              <input
                type="checkbox"
                checked={p.colourOnly}
                onChange={(e) => p.onColourOnly(e.target.checked)}
                className="h-4 w-4 rounded border-amber-400 text-brand-700 focus:ring-brand-300"
              />
              {ENGINE_TEXT.confirmColourOnly}
            </label>
          )}
        </div>
      )}
      {p.route && <RouteNote route={p.route} />}
      {p.status.matte === 'fallback' && <FallbackNote />}
    </div>
  );
}

/** Who draws what, before Generate: the cut by the generative engine, the colour by Tress; or that it waits for tomorrow. */
function RouteNote({ route }: { route: PromptRoute }) {
  if (route.paused)
    return (
      <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" role="status" data-testid="prompt-route">
        {route.route === 'cut' ? ENGINE_TEXT.cutsPausedNotice : ENGINE_TEXT.pausedNotice}
      </p>
    );
  return (
    <div className="rounded-xl bg-stone-50 px-3 py-2 ring-1 ring-stone-200">
      <p className="flex items-start gap-2 text-sm font-medium text-stone-900" data-testid="prompt-route">
        {route.route === 'cut' ? (
          <Scissors className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
        ) : (
          <Route className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
        )}
        {route.says}
      </p>
      <p className="mt-0.5 pl-6 text-xs text-stone-600">{route.kept}</p>
    </div>
  );
}

function FallbackNote() {
  return (
    <p className="mt-2 text-xs text-stone-500" data-testid="fallback-matte">
      {ENGINE_TEXT.fallbackMatte}
    </p>
  );
}
