import type { HairAnalysis } from '@shared/hair/engine-result';
import { unsureRead } from '@shared/hair/unsure-read';
import { ArrowRight, CircleHelp } from 'lucide-react';

const liftText = (lift: number) =>
  lift > 0 ? `${lift} level${lift === 1 ? '' : 's'} of lift` : lift < 0 ? `${-lift} level${lift === -1 ? '' : 's'} darker (deposit only)` : 'No lift needed';

/**
 * The engine's reading of the hair: current level → target level, lift, and what it takes at the salon.
 * Where the engine is unsure of the current level (dim photo, no face, little hair), it says so instead of
 * stating levels, since the lift and the salon note both follow from the current level.
 */
export function AnalysisCard({ analysis }: { analysis: HairAnalysis }) {
  const unsure = unsureRead(analysis);
  return (
    <section aria-labelledby="analysis-title" className="rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200" data-reliable={!unsure}>
      <h3 id="analysis-title" className="text-xs font-semibold uppercase tracking-wide text-stone-500">
        Colourist’s read
      </h3>
      {unsure ? (
        <>
          <div className="mt-3 flex items-start gap-2">
            <CircleHelp className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden />
            <p className="text-sm font-semibold text-stone-900">We can’t judge your current level from this photo</p>
          </div>
          <p className="mt-2 text-sm leading-relaxed text-stone-700">{unsure}</p>
          <p className="mt-2 text-sm leading-relaxed text-stone-700">A colourist will check where you start from in person before colouring.</p>
        </>
      ) : (
        <>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <div className="flex items-center gap-2">
              <span className="h-7 w-7 rounded-full ring-2 ring-white shadow" style={{ background: analysis.currentColour.hex }} aria-hidden />
              <div>
                <p className="text-sm font-semibold text-stone-900">Level {analysis.currentLevel}</p>
                <p className="text-xs capitalize text-stone-500">{analysis.currentColour.name}</p>
              </div>
            </div>
            {analysis.targetLevel !== null && (
              <>
                <ArrowRight className="h-4 w-4 text-stone-400" aria-label="to" />
                <p className="text-sm font-semibold text-stone-900">Level {analysis.targetLevel}</p>
                <span
                  className={`ml-auto rounded-full px-2.5 py-1 text-xs font-semibold ${analysis.lift > 2 ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900'}`}
                >
                  {liftText(analysis.lift)}
                </span>
              </>
            )}
          </div>
          <p className="mt-3 text-sm leading-relaxed text-stone-700">{analysis.note}</p>
        </>
      )}
    </section>
  );
}
