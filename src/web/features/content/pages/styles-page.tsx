import { Check, Copy, Palette, Search, Sparkles, X } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import colourParts from 'virtual:style-colour-parts';
import { DISPLAY } from '@shared/constants';
import { filterStyles, STYLES, studioLink, type GenderFilter } from '@shared/content/styles';
import { COLOUR_WORDS, type ColourWord } from '@shared/hair/colour-words';
import { MSG } from '@shared/messages';
import { STYLE_CARD_SIZES } from '@shared/seo';
import { ENGINE_TEXT } from '@shared/studio/engine-text';
import { Button, buttonClass } from '@web/components/ui/button';
import { PageTitle } from '@web/components/ui/page-title';
import { useUrlParams } from '@web/lib/use-url-params';
import { ColourTag, colourSwatch } from '../components/colour-tag';
import { ContentImage } from '../components/content-image';
import { useCopy } from '../hooks/use-copy';
import { useSkeleton } from '../hooks/use-skeleton';
import { useEngineStatus } from '@web/features/studio/public';

const GENDERS: { id: GenderFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'women', label: 'Women' },
  { id: 'men', label: 'Men' },
];
const isGender = (v: string | null): v is GenderFilter => v === 'all' || v === 'women' || v === 'men';
const isColour = (v: string | null): v is ColourWord => COLOUR_WORDS.some((c) => c.id === v);

/**
 * Spec §2 /styles: gender, free text (name and prompt, kept in ?q= both ways), colour (21 + Any),
 * Clear All Filters, a 500 ms skeleton, 'No Styles Found', and per card Use this Style and Copy Prompt.
 */
export default function StylesPage() {
  const [params, setParams] = useUrlParams();
  const engine = useEngineStatus();
  const q = params.get('q') ?? '';
  const gender = isGender(params.get('gender')) ? (params.get('gender') as GenderFilter) : 'all';
  const colour = isColour(params.get('colour')) ? (params.get('colour') as ColourWord) : 'any';
  const loading = useSkeleton();
  const { copiedKey, copy } = useCopy();
  const shown = useMemo(() => filterStyles(STYLES, { gender, q, colour }), [gender, q, colour]);
  const filtered = q !== '' || gender !== 'all' || colour !== 'any';

  const set = (key: string, value: string, empty: string) =>
    setParams((next) => {
      if (value === empty) next.delete(key);
      else next.set(key, value);
    });
  const clearAll = () => setParams((next) => [...next.keys()].forEach((k) => next.delete(k)));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <PageTitle
        sub={
          engine.shapes
            ? 'Thirty colours, cuts and techniques for women and men. Try any of them on your own photo, or copy the prompt and make it yours.'
            : 'Thirty colours, cuts and techniques for women and men. Try any colour on your own photo, or copy the prompt and make it yours; new cuts need a generative engine, which this site does not run yet.'
        }
      >
        Style Library
      </PageTitle>

      <section aria-label="Filters" className="mb-8 rounded-3xl bg-white p-4 ring-1 ring-stone-200 sm:p-5">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end">
          <div role="radiogroup" aria-label="Gender" className="inline-flex self-start rounded-full bg-stone-100 p-1">
            {GENDERS.map((g) => (
              <button
                key={g.id}
                type="button"
                role="radio"
                aria-checked={gender === g.id}
                onClick={() => set('gender', g.id, 'all')}
                className={`rounded-full px-4 py-2 text-sm font-semibold transition ${gender === g.id ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-600 hover:text-stone-900'}`}
              >
                {g.label}
              </button>
            ))}
          </div>
          <div className="flex-1">
            <label htmlFor="style-search" className="mb-1 block text-sm font-medium text-stone-700">
              Search styles
            </label>
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-500" aria-hidden />
              <input
                id="style-search"
                type="search"
                value={q}
                onChange={(e) => set('q', e.target.value, '')}
                placeholder="Balayage, copper, pixie…"
                className="w-full rounded-full border border-stone-300 bg-white py-2.5 pr-4 pl-9 text-sm text-stone-900 placeholder:text-stone-500"
              />
            </div>
          </div>
          <div className="lg:w-56">
            <label htmlFor="style-colour" className="mb-1 block text-sm font-medium text-stone-700">
              Colour
            </label>
            <select
              id="style-colour"
              value={colour}
              onChange={(e) => set('colour', e.target.value, 'any')}
              className="w-full rounded-full border border-stone-300 bg-white px-4 py-2.5 text-sm text-stone-900"
            >
              <option value="any">Any</option>
              {COLOUR_WORDS.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <Button variant="ghost" onClick={clearAll} disabled={!filtered} className="self-start lg:self-end">
            <X className="h-4 w-4" aria-hidden /> Clear All Filters
          </Button>
        </div>
        {colour !== 'any' && (
          <p className="mt-3 flex items-center gap-2 text-sm text-stone-600">
            <span className="h-3 w-3 rounded-full ring-1 ring-black/10" style={{ backgroundColor: colourSwatch(colour) }} aria-hidden />
            Showing {COLOUR_WORDS.find((c) => c.id === colour)?.label.toLowerCase()} looks
          </p>
        )}
      </section>

      <p className="sr-only" role="status">
        {loading ? 'Loading styles' : `${shown.length} styles`}
      </p>
      {loading ? (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="styles-skeleton" aria-hidden>
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i} className="overflow-hidden rounded-3xl bg-white ring-1 ring-stone-200">
              <div className="aspect-[4/5] animate-pulse bg-stone-200" />
              <div className="space-y-3 p-5">
                <div className="h-5 w-2/3 animate-pulse rounded bg-stone-200" />
                <div className="h-4 w-full animate-pulse rounded bg-stone-100" />
                <div className="h-9 w-full animate-pulse rounded-full bg-stone-100" />
              </div>
            </li>
          ))}
        </ul>
      ) : shown.length === 0 ? (
        <div className="rounded-3xl bg-white px-6 py-16 text-center ring-1 ring-stone-200">
          <p className="font-display text-2xl font-semibold text-stone-900">{MSG.noStyles}</p>
          <p className="mt-2 text-stone-600">Try another word or colour, or describe the look yourself in the studio.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button variant="secondary" onClick={clearAll}>
              Clear All Filters
            </Button>
            {q && (
              <Link to={studioLink(q)} className={buttonClass({})}>
                Try “{q}” in the studio
              </Link>
            )}
          </div>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Styles">
          {shown.map((s, i) => (
            <li key={s.id} data-testid="style-card" className="flex flex-col overflow-hidden rounded-3xl bg-white ring-1 ring-stone-200">
              <ContentImage img={s.img} alt={s.imgAlt} sizes={STYLE_CARD_SIZES} priority={i < 2} />
              <div className="flex flex-1 flex-col p-5">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="font-display text-lg font-semibold text-stone-900">{s.name}</h2>
                  <span className="shrink-0 rounded-full bg-stone-900/5 px-2 py-0.5 text-xs font-medium text-stone-600">
                    {s.gender === 'women' ? 'Women' : 'Men'}
                  </span>
                </div>
                <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Colours">
                  {s.colours.slice(0, DISPLAY.cardColourTags).map((c) => (
                    <li key={c}>
                      <ColourTag colour={c} />
                    </li>
                  ))}
                </ul>
                <p className="mt-3 flex-1 text-sm text-stone-600">{s.prompt}</p>
                {s.changesShape && !engine.shapes && <CutNote colour={colourParts[s.id]} name={s.name} />}
                <div className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-1">
                  <Link to={studioLink(s.prompt)} className={buttonClass({ size: 'sm' })} aria-label={`Use this Style: ${s.name}`}>
                    <Sparkles className="h-4 w-4" aria-hidden /> Use this Style
                  </Link>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => void copy(s.id, s.prompt)}
                    aria-label={copiedKey === s.id ? `Prompt copied: ${s.name}` : `Copy Prompt: ${s.name}`}
                  >
                    {copiedKey === s.id ? <Check className="h-4 w-4 text-emerald-600" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
                    <span aria-live="polite">{copiedKey === s.id ? 'Copied!' : 'Copy Prompt'}</span>
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A cut style where no generative engine runs: said on the card, with its colour part offered on its own
 * (the studio still asks before charging if "Use this Style" is chosen instead).
 */
function CutNote({ colour, name }: { colour: string | undefined; name: string }) {
  return (
    <div className="mt-2 rounded-xl bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200" data-testid="cut-style-note">
      <p>{ENGINE_TEXT.cardNote}</p>
      {colour && (
        <Link
          to={studioLink(colour)}
          className="mt-1 inline-flex items-center gap-1 font-semibold underline underline-offset-2"
          aria-label={`${ENGINE_TEXT.cardColourOnly}: ${name}`}
        >
          <Palette className="h-3.5 w-3.5" aria-hidden />
          {ENGINE_TEXT.cardColourOnly}: {colour.split(', ')[0].toLowerCase()}
        </Link>
      )}
    </div>
  );
}
