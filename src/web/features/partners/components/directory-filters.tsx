import { CalendarCheck, Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { COLOUR_WORDS } from '@shared/hair/colour-words';
import { TECHNIQUES } from '@shared/hair/techniques';

const SELECT =
  'rounded-full border border-stone-300 bg-white py-2.5 pl-4 pr-9 text-sm text-stone-800 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';

/** Search box (debounced) and the technique / colour filters shared with the studio and the style library. */
export function DirectoryFilters({
  q,
  style,
  colour,
  available,
  onChange,
}: {
  q: string;
  style: string;
  colour: string;
  available: boolean;
  onChange: (next: { q?: string; style?: string; colour?: string; available?: string }) => void;
}) {
  const [text, setText] = useState(q);
  const id = useId();
  useEffect(() => setText(q), [q]);
  useEffect(() => {
    if (text === q) return;
    const t = setTimeout(() => onChange({ q: text }), 250);
    return () => clearTimeout(t);
  }, [text, q, onChange]);
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <form
        role="search"
        className="relative flex-1"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ q: text });
        }}
      >
        <label htmlFor={id} className="sr-only">
          Search professionals
        </label>
        <Search className="pointer-events-none absolute left-4 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-400" aria-hidden />
        <input
          id={id}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search by name, city or service (e.g. balayage, Leeds)"
          maxLength={100}
          className="w-full rounded-full border border-stone-300 bg-white py-3 pl-12 pr-4 text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
      </form>
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`${id}-style`}>
          Technique
        </label>
        <select id={`${id}-style`} className={SELECT} value={style} onChange={(e) => onChange({ style: e.target.value })}>
          <option value="">Any technique</option>
          {TECHNIQUES.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor={`${id}-colour`}>
          Colour
        </label>
        <select id={`${id}-colour`} className={SELECT} value={colour} onChange={(e) => onChange({ colour: e.target.value })}>
          <option value="">Any colour</option>
          {COLOUR_WORDS.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          aria-pressed={available}
          onClick={() => onChange({ available: available ? '' : 'week' })}
          className={`inline-flex items-center gap-1.5 rounded-full px-4 py-2.5 text-sm font-medium ring-1 ${available ? 'bg-stone-900 text-white ring-stone-900' : 'bg-white text-stone-800 ring-stone-300 hover:bg-stone-50'}`}
        >
          <CalendarCheck className="h-4 w-4" aria-hidden />
          Available this week
        </button>
        {(q || style || colour || available) && (
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-full px-3 py-2 text-sm font-medium text-stone-600 hover:bg-stone-100"
            onClick={() => onChange({ q: '', style: '', colour: '', available: '' })}
          >
            <X className="h-4 w-4" aria-hidden />
            Clear
          </button>
        )}
      </div>
    </div>
  );
}
