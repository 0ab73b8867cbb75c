import { MSG } from '@shared/messages';
import { useEffect, useState } from 'react';

/** Typical render time on the server; the bar eases towards 95 % around it and never claims to finish early. */
const TYPICAL_MS = 4000;
/** A cut drawn by the generative engine, then fitted to the photo, takes longer. */
const TYPICAL_CUT_MS = 15_000;

/** 'Applying new style…' with visible progress over the photo being worked on. */
export function GeneratingProgress({ previewUrl, cut = false, count = 1 }: { previewUrl: string | null; cut?: boolean; count?: number }) {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const start = performance.now();
    const id = window.setInterval(() => setElapsed(performance.now() - start), 100);
    return () => window.clearInterval(id);
  }, []);
  const pct = Math.round(95 * (1 - Math.exp(-elapsed / (cut ? TYPICAL_CUT_MS : TYPICAL_MS))));
  return (
    <div className="relative overflow-hidden rounded-2xl bg-stone-900" style={{ aspectRatio: '4 / 5' }}>
      {previewUrl && <img src={previewUrl} alt="" className="absolute inset-0 h-full w-full object-cover opacity-50 blur-[2px]" />}
      <div className="absolute inset-0 animate-pulse bg-gradient-to-tr from-brand-900/40 via-transparent to-brand-500/30" aria-hidden />
      <div className="absolute inset-x-6 bottom-8 text-white" role="status" aria-live="polite">
        <p className="font-display text-2xl font-semibold drop-shadow">{MSG.applyingStyle}</p>
        <p className="mt-1 text-sm text-white/80">
          {cut
            ? `Drawing ${count > 1 ? `${count} versions of the new cut` : 'the new cut'}, then keeping your face and background as they are. Usually 10 to 30 seconds.`
            : 'Finding your hair and blending the new colour. Usually a few seconds.'}
        </p>
        <div
          className="mt-4 h-2 overflow-hidden rounded-full bg-white/25"
          role="progressbar"
          aria-label="Generation progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
        >
          <div className="h-full rounded-full bg-white transition-[width] duration-200 ease-out" style={{ width: `${pct}%` }} />
        </div>
      </div>
    </div>
  );
}
