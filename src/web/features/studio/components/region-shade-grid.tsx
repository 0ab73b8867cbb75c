import { Notice } from '@web/components/ui/notice';
import type { ShadeTile } from '../hooks/use-hair-region';

/**
 * Nine shades painted on the preview's hair region, with the person's fixes (decision 142): free, made on
 * this device; choosing one puts it in the prompt.
 */
export function RegionShadeGrid({ tiles, error, onPick }: { tiles: ShadeTile[] | null; error: string | null; onPick(prompt: string): void }) {
  return (
    <section aria-labelledby="shade-grid-title" aria-busy={!tiles && !error} className="space-y-2" data-testid="shade-grid">
      <h3 id="shade-grid-title" className="font-display text-base font-semibold text-stone-900">
        Nine shades on your photo
      </h3>
      <p className="text-xs text-stone-600">Free previews on the hair outlined in your photo. Choose one to put it in your prompt.</p>
      {error ? (
        <Notice tone="warning">{error}</Notice>
      ) : !tiles ? (
        <p className="text-sm text-stone-600">Painting the shades…</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2">
          {tiles.map((t) => (
            <li key={t.shade.id}>
              <button
                type="button"
                onClick={() => onPick(t.shade.label)}
                className="group w-full overflow-hidden rounded-xl text-left ring-1 ring-stone-200 hover:ring-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <img src={t.url} alt={`Your photo with ${t.shade.label.toLowerCase()} hair`} className="aspect-[3/4] w-full object-cover" />
                <span className="block px-2 py-1 text-xs font-medium text-stone-800">{t.shade.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
