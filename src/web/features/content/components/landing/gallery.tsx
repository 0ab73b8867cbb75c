import { Scissors, ShoppingBag, Sparkles, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SAMPLE_STYLES } from '@shared/content/samples';
import type { SampleStyle } from '@shared/content/schemas';
import { STYLES, studioLink } from '@shared/content/styles';
import { ENGINE_TEXT } from '@shared/studio/engine-text';
import { buttonClass } from '@web/components/ui/button';
import { useEngineStatus } from '@web/features/studio/public';
import { ContentImage } from '../content-image';
import { Reveal } from '../reveal';

/** Spec §2 Landing: 8 sample styles (4 women, 4 men); each opens a preview with Try hairstyle, Style Library and Shop the Look. */
export function Gallery() {
  const [open, setOpen] = useState<SampleStyle | null>(null);
  const women = SAMPLE_STYLES.filter((s) => s.gender === 'women');
  const men = SAMPLE_STYLES.filter((s) => s.gender === 'men');
  return (
    <Reveal id="gallery" labelledBy="gallery-title" className="bg-stone-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Gallery</p>
            <h2 id="gallery-title" className="mt-2 font-display text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
              Looks people are trying this week
            </h2>
          </div>
          <Link to="/styles" className="text-sm font-semibold text-brand-800 hover:underline">
            See all 30 styles →
          </Link>
        </div>
        {[
          { title: 'Women', items: women },
          { title: 'Men', items: men },
        ].map((group) => (
          <div key={group.title} className="mt-10">
            <h3 className="text-sm font-semibold text-stone-600">{group.title}</h3>
            <ul className="mt-4 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
              {group.items.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    onClick={() => setOpen(s)}
                    aria-haspopup="dialog"
                    className="group block w-full overflow-hidden rounded-3xl bg-white text-left ring-1 ring-stone-200 transition hover:-translate-y-0.5 hover:shadow-xl hover:shadow-stone-900/5"
                  >
                    <div className="overflow-hidden">
                      <ContentImage
                        img={s.img}
                        alt={s.imgAlt}
                        sizes="(min-width: 1280px) 296px, (min-width: 1024px) 23vw, 46vw"
                        className="transition duration-500 group-hover:scale-[1.03]"
                      />
                    </div>
                    <div className="p-4">
                      <p className="font-display text-lg font-semibold text-stone-900">{s.name}</p>
                      <p className="mt-1 line-clamp-2 text-sm text-stone-600">{s.blurb}</p>
                    </div>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <PreviewDialog sample={open} onClose={() => setOpen(null)} />
    </Reveal>
  );
}

function PreviewDialog({ sample, onClose }: { sample: SampleStyle | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  // a cut where no generative engine runs: said before the studio is opened (issue 32, honest cuts)
  const engine = useEngineStatus();
  const cutNotHere = !!sample && !engine.shapes && !!STYLES.find((s) => s.id === sample.id)?.changesShape;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (sample && !d.open) d.showModal();
    if (!sample && d.open) d.close();
  }, [sample]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      aria-labelledby="preview-title"
      className="m-auto w-[min(92vw,52rem)] overflow-hidden rounded-3xl bg-white p-0 shadow-2xl backdrop:bg-stone-900/50 backdrop:backdrop-blur-sm"
    >
      {sample && (
        <div className="grid sm:grid-cols-2">
          <div className="bg-stone-100">
            <ContentImage img={sample.img} alt={sample.imgAlt} sizes="(min-width: 640px) 26rem, 92vw" className="max-h-[45vh] sm:max-h-none" />
          </div>
          <div className="relative flex flex-col p-6 sm:p-8">
            <button
              type="button"
              onClick={onClose}
              aria-label="Close preview"
              className="absolute top-3 right-3 rounded-full p-2 text-stone-600 hover:bg-stone-100"
            >
              <X className="h-5 w-5" aria-hidden />
            </button>
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{sample.gender === 'women' ? 'Women' : 'Men'}</p>
            <h2 id="preview-title" className="mt-1 font-display text-2xl font-semibold text-stone-900 sm:text-3xl">
              {sample.name}
            </h2>
            <p className="mt-3 text-stone-700">{sample.blurb}</p>
            <p className="mt-4 rounded-2xl bg-stone-50 p-3 text-sm text-stone-700 ring-1 ring-stone-200">
              <span className="font-semibold text-stone-900">Prompt: </span>
              {sample.prompt}
            </p>
            {cutNotHere && (
              <p className="mt-3 rounded-2xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="cut-style-note">
                {ENGINE_TEXT.cardNote} Try hairstyle shows its colour on your photo.
              </p>
            )}
            <div className="mt-auto flex flex-col gap-2 pt-6">
              <Link to={studioLink(sample.prompt)} className={buttonClass({ size: 'lg' })}>
                <Sparkles className="h-4 w-4" aria-hidden /> Try hairstyle
              </Link>
              <div className="grid grid-cols-2 gap-2">
                <Link to="/styles" className={buttonClass({ variant: 'secondary' })}>
                  <Scissors className="h-4 w-4" aria-hidden /> Style Library
                </Link>
                <Link to="/shop" className={buttonClass({ variant: 'secondary' })}>
                  <ShoppingBag className="h-4 w-4" aria-hidden /> Shop the Look
                </Link>
              </div>
            </div>
          </div>
        </div>
      )}
    </dialog>
  );
}
