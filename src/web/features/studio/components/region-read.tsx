import type { HairAnalysis } from '@shared/hair/engine-result';
import { unsureRead } from '@shared/hair/unsure-read';

/**
 * The colourist's read of the chosen person's hair as it is now, under the free preview (issue 32): said in
 * plain words, with the scale explained, before any shade is chosen. Where the engine cannot judge the level
 * it says why instead of stating one.
 */
export function RegionRead({ read }: { read: HairAnalysis }) {
  const unsure = unsureRead(read);
  return (
    <section aria-labelledby="region-read-title" className="rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200" data-testid="region-read">
      <h4 id="region-read-title" className="text-xs font-semibold uppercase tracking-wide text-stone-600">
        Colourist’s read of your hair now
      </h4>
      {unsure ? (
        <p className="mt-2 text-sm leading-relaxed text-stone-700">{unsure}</p>
      ) : (
        <div className="mt-2 flex items-start gap-3">
          <span className="mt-0.5 h-6 w-6 shrink-0 rounded-full shadow ring-2 ring-white" style={{ background: read.currentColour.hex }} aria-hidden />
          <p className="text-sm leading-relaxed text-stone-700">
            Your hair reads as <span className="font-semibold text-stone-900">{read.currentColour.name}</span>, level {read.currentLevel} on the colourist’s
            scale from 1 (black) to 10 (lightest blonde). A colourist starts from this level to work out what your new shade takes.
          </p>
        </div>
      )}
    </section>
  );
}
