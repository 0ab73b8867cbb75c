import type { DemandRow, InsightsDay } from '@shared/insights/schemas';

const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const short = (d: string) => day.format(new Date(`${d}T00:00:00Z`));

const SERIES = [
  { key: 'views', name: 'Profile views', colour: '#be185d' },
  { key: 'directoryClicks', name: 'Clicks from Find a professional', colour: '#d97706' },
  { key: 'inquiries', name: 'Inquiries', colour: '#0f766e' },
] as const;

/** A round step for the value axis: 1, 2 or 5 times a power of ten, about four lines up to `max`. */
function niceStep(max: number): number {
  const rough = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
}

const PAD = { top: 4, bottom: 8 };

/**
 * Views, clicks from the directory and inquiries per day: lines in an SVG stretched to the box (strokes keep
 * their width) with the axis labels in HTML, so they keep their size on a phone. A charting library weighed
 * more than the rest of the page's JavaScript together (decision 162). The page's table says the same to
 * screen readers; each day's column carries its figures as a tooltip.
 */
export function ActivityChart({ days }: { days: InsightsDay[] }) {
  const max = Math.max(1, ...days.flatMap((d) => SERIES.map((s) => d[s.key])));
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  // percentages of the plot: x across, y down from the top
  const x = (i: number) => (days.length > 1 ? (i / (days.length - 1)) * 100 : 50);
  const y = (v: number) => PAD.top + (1 - v / top) * (100 - PAD.top - PAD.bottom);
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));
  const column = days.length > 1 ? 100 / (days.length - 1) : 100;
  return (
    <div aria-hidden>
      <div className="flex h-64 gap-2">
        <div className="relative w-8 shrink-0 text-right text-xs text-stone-500">
          {ticks.map((t) => (
            <span key={t} className="absolute right-0 -translate-y-1/2" style={{ top: `${y(t)}%` }}>
              {t}
            </span>
          ))}
        </div>
        <svg viewBox="0 0 100 100" preserveAspectRatio="none" className="h-full min-w-0 flex-1 overflow-visible">
          {ticks.map((t) => (
            <line key={t} x1={0} x2={100} y1={y(t)} y2={y(t)} stroke="#e7e5e4" vectorEffect="non-scaling-stroke" />
          ))}
          {SERIES.map((s) => (
            <polyline
              key={s.key}
              points={days.map((d, i) => `${x(i)},${y(d[s.key])}`).join(' ')}
              fill="none"
              stroke={s.colour}
              strokeWidth={2}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((d, i) => (
            <rect key={d.day} x={x(i) - column / 2} y={0} width={column} height={100} fill="transparent">
              <title>{`${short(d.day)}: ${SERIES.map((s) => `${d[s.key]} ${s.name.toLowerCase()}`).join(', ')}`}</title>
            </rect>
          ))}
        </svg>
      </div>
      <div className="relative ml-10 h-5 text-xs text-stone-500">
        {days.map((d, i) =>
          i % labelEvery === 0 ? (
            <span key={d.day} className="absolute -translate-x-1/2 whitespace-nowrap" style={{ left: `${x(i)}%` }}>
              {short(d.day)}
            </span>
          ) : null,
        )}
      </div>
      <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-[13px] text-stone-600">
        {SERIES.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-4 rounded" style={{ backgroundColor: s.colour }} />
            {s.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Renders by look within the radius; only looks that passed the server's suppression arrive here. */
export function DemandChart({ looks }: { looks: DemandRow[] }) {
  const max = Math.max(1, ...looks.map((l) => l.renders));
  return (
    <ul className="space-y-2" aria-hidden>
      {looks.map((l) => (
        <li key={l.label} className="grid grid-cols-[9.5rem_1fr] items-center gap-3 text-[13px] text-stone-700" title={`${l.renders} renders`}>
          <span className="truncate text-right">{l.label}</span>
          <span className="flex items-center gap-2">
            <span className="h-6 rounded-r-md" style={{ width: `${(l.renders / max) * 90}%`, backgroundColor: '#be185d' }} />
            <span className="tabular-nums text-stone-500">{l.renders}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
