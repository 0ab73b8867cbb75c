import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { LiveShade } from '../colour/live-shades';

const SOURCE_LABEL: Record<LiveShade['source'], string> = { prompt: 'from your prompt', palette: '', style: 'Style Library' };

/**
 * The shades as one radio group (one tab stop; arrow keys, Home and End move the choice), scrolling
 * sideways. Choosing is instant and free, so moving the selection with the keys applies it at once.
 */
export function ShadeCarousel({ shades, selected, onSelect }: { shades: LiveShade[]; selected: string | null; onSelect: (s: LiveShade) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const index = Math.max(
    0,
    shades.findIndex((s) => s.id === selected),
  );

  // the chosen shade is in view when live mode opens or the prompt adds one
  useEffect(() => {
    list.current?.querySelectorAll<HTMLElement>('[role="radio"]')[index]?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [index]);

  const move = (e: KeyboardEvent) => {
    const keys: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: shades.length - 1,
    };
    if (!(e.key in keys)) return;
    e.preventDefault();
    const next = (keys[e.key] + shades.length) % shades.length;
    onSelect(shades[next]);
    const el = list.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next];
    el?.focus();
    el?.scrollIntoView({ block: 'nearest', inline: 'center' });
  };

  return (
    <div ref={list} role="radiogroup" aria-label="Shades" onKeyDown={move} className="flex snap-x gap-2 overflow-x-auto px-1 py-2">
      {shades.map((s, i) => {
        const checked = s.id === selected;
        const note = SOURCE_LABEL[s.source];
        return (
          <button
            key={s.id}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={i === index ? 0 : -1}
            onClick={() => onSelect(s)}
            title={note ? `${s.label} (${note})` : s.label}
            className={`flex w-20 shrink-0 snap-center flex-col items-center gap-1 rounded-2xl p-1.5 text-center text-xs outline-offset-2 focus-visible:outline-2 focus-visible:outline-white ${checked ? 'bg-white text-stone-900' : 'text-white hover:bg-white/15'}`}
          >
            <span aria-hidden="true" className="h-10 w-10 rounded-full ring-2 ring-white/70" style={{ background: s.hex }} />
            <span className="line-clamp-2 leading-tight">{s.label}</span>
            {note && <span className={`text-[10px] ${checked ? 'text-stone-600' : 'text-white/80'}`}>{note}</span>}
          </button>
        );
      })}
    </div>
  );
}
