import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DemandRow, InsightsDay } from '@shared/insights/schemas';

const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const short = (d: string) => day.format(new Date(`${d}T00:00:00Z`));

/** Views, clicks from the directory and inquiries per day (recharts, loaded with this page only). */
export function ActivityChart({ days }: { days: InsightsDay[] }) {
  return (
    <div className="h-72" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={days} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
          <CartesianGrid stroke="#e7e5e4" vertical={false} />
          <XAxis dataKey="day" tickFormatter={short} tick={{ fontSize: 12, fill: '#78716c' }} minTickGap={24} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#78716c' }} />
          <Tooltip labelFormatter={(d) => short(String(d))} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Line type="monotone" dataKey="views" name="Profile views" stroke="#be185d" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line
            type="monotone"
            dataKey="directoryClicks"
            name="Clicks from Find a professional"
            stroke="#d97706"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line type="monotone" dataKey="inquiries" name="Inquiries" stroke="#0f766e" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Renders by look within the radius; only looks that passed the server's suppression arrive here. */
export function DemandChart({ looks }: { looks: DemandRow[] }) {
  return (
    <div style={{ height: Math.max(120, looks.length * 40 + 40) }} aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={looks} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }}>
          <CartesianGrid stroke="#e7e5e4" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12, fill: '#78716c' }} />
          <YAxis type="category" dataKey="label" width={150} tick={{ fontSize: 13, fill: '#44403c' }} />
          <Tooltip formatter={(v) => [`${v} renders`, '']} />
          <Bar dataKey="renders" name="Renders" fill="#be185d" radius={[0, 6, 6, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
