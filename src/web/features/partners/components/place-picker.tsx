import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { Place } from '@shared/geo/schemas';
import { placesApi } from '../api/places-api';

/**
 * A town or city from the GeoNames list (ARIA combobox): type, then pick with the arrow keys and Enter or
 * the pointer. `onPick(null)` when the text is cleared. Only a picked place counts as a place.
 */
export function PlacePicker({
  label,
  value,
  onPick,
  placeholder = 'Town or city',
  hint,
  className = '',
  inputClassName = '',
}: {
  label: string;
  /** The label of the place picked, shown as the text. */
  value: string;
  onPick(place: Place | null): void;
  placeholder?: string;
  hint?: string;
  className?: string;
  inputClassName?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(text.trim()), 150);
    return () => clearTimeout(t);
  }, [text]);
  const typing = open && debounced.length >= 2 && debounced !== value;
  const places = useQuery({
    queryKey: ['places', debounced],
    queryFn: ({ signal }) => placesApi.search(debounced, signal),
    enabled: typing,
    staleTime: Infinity,
  });
  const options = typing ? (places.data ?? []) : [];
  const expanded = options.length > 0;
  const pick = (p: Place) => {
    setText(p.label);
    setOpen(false);
    onPick(p);
  };
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-700">
        {label}
      </label>
      <MapPin className="pointer-events-none absolute bottom-3 left-3.5 h-4 w-4 text-stone-400" aria-hidden />
      <input
        id={id}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={expanded ? `${id}-opt-${active}` : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        autoComplete="off"
        value={text}
        maxLength={80}
        placeholder={placeholder}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
          if (!e.target.value.trim()) onPick(null);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (!expanded) return;
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
          } else if (e.key === 'Enter') {
            e.preventDefault();
            pick(options[Math.min(active, options.length - 1)]);
          } else if (e.key === 'Escape') setOpen(false);
        }}
        className={`block w-full rounded-xl border border-stone-300 bg-white py-2.5 pl-10 pr-3.5 text-stone-900 placeholder:text-stone-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 ${inputClassName}`}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={`${label}: suggestions`}
        hidden={!expanded}
        className="absolute z-30 mt-1 max-h-72 w-full overflow-auto rounded-xl bg-white py-1 shadow-lg ring-1 ring-stone-200"
      >
        {options.map((p, i) => (
          <li
            key={p.id}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown, not click: the input's blur would close the list first
            onMouseDown={(e) => {
              e.preventDefault();
              pick(p);
            }}
            className={`cursor-pointer px-3.5 py-2 text-sm ${i === active ? 'bg-brand-50 text-brand-900' : 'text-stone-800'}`}
          >
            {p.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
