import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import { RADII_KM } from '@shared/geo/distance';
import type { Place } from '@shared/geo/schemas';

export interface NearChange {
  near?: string;
  lat?: string;
  lng?: string;
  radius?: string;
}

/**
 * Near me: a town or city (the GeoNames autocomplete) or, with permission, the browser's position rounded
 * to about a kilometre before it leaves the page; and a radius.
 */
export function NearFilter({
  label,
  radius,
  active,
  onChange,
  picker,
}: {
  label: string;
  radius: number;
  active: boolean;
  onChange(next: NearChange): void;
  picker: (onPick: (p: Place | null) => void) => React.ReactNode;
}) {
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const locate = () => {
    if (!('geolocation' in navigator)) return setProblem('This browser cannot share its position. Type a town or city instead.');
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        onChange({ near: '', lat: pos.coords.latitude.toFixed(2), lng: pos.coords.longitude.toFixed(2) });
      },
      () => {
        setLocating(false);
        setProblem('Your position was not shared. Type a town or city instead.');
      },
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };
  return (
    <div className="mt-3 rounded-2xl bg-white p-4 ring-1 ring-stone-200">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        {picker((p) => onChange(p ? { near: String(p.id), lat: '', lng: '' } : { near: '', lat: '', lng: '' }))}
        <div>
          <label htmlFor="near-radius" className="mb-1.5 block text-sm font-medium text-stone-700">
            Within
          </label>
          <select
            id="near-radius"
            value={radius}
            onChange={(e) => onChange({ radius: e.target.value })}
            className="rounded-xl border border-stone-300 bg-white py-2.5 pl-3 pr-8 text-stone-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          >
            {RADII_KM.map((r) => (
              <option key={r} value={r}>
                {r} km
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          onClick={locate}
          disabled={locating}
          className="inline-flex items-center justify-center gap-2 rounded-xl px-3 py-2.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-60"
        >
          <LocateFixed className="h-4 w-4" aria-hidden />
          {locating ? 'Finding you…' : 'Use my location'}
        </button>
        {active && (
          <button
            type="button"
            onClick={() => onChange({ near: '', lat: '', lng: '', radius: '' })}
            className="rounded-xl px-3 py-2.5 text-sm font-medium text-stone-600 hover:bg-stone-100"
          >
            Anywhere
          </button>
        )}
      </div>
      <p className="mt-2 text-xs text-stone-500" role={problem ? 'alert' : undefined}>
        {problem ??
          (active
            ? `Nearest first within ${radius} km of ${label}.`
            : 'Signed in and searching near a town? We keep that town (never your position) to count which looks are popular nearby, anonymously.')}
      </p>
    </div>
  );
}
