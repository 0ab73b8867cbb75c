/**
 * A small Prometheus registry (text exposition format 0.0.4): counters, histograms and gauges read
 * at scrape time. Enough for this app's handful of series without another dependency (decision 071).
 */
type Labels = Record<string, string>;

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (l: Labels) => {
  const keys = Object.keys(l).sort();
  return keys.length ? `{${keys.map((k) => `${k}="${escapeLabel(l[k])}"`).join(',')}}` : '';
};
const num = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN');

export class Counter {
  private values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  inc(labels: Labels = {}, by = 1) {
    const key = labelText(labels);
    const cur = this.values.get(key);
    if (cur) cur.value += by;
    else this.values.set(key, { labels, value: by });
  }
  get(labels: Labels = {}) {
    return this.values.get(labelText(labels))?.value ?? 0;
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values()) lines.push(`${this.name}${labelText(labels)} ${num(value)}`);
    return lines.join('\n');
  }
}

export class Histogram {
  private series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: number[],
  ) {}
  observe(labels: Labels, value: number) {
    const key = labelText(labels);
    let s = this.series.get(key);
    if (!s) this.series.set(key, (s = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 }));
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]) s.counts[i]++;
    s.sum += value;
    s.count++;
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const s of this.series.values()) {
      this.buckets.forEach((le, i) => lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: num(le) })} ${s.counts[i]}`));
      lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: '+Inf' })} ${s.count}`);
      lines.push(`${this.name}_sum${labelText(s.labels)} ${num(s.sum)}`);
      lines.push(`${this.name}_count${labelText(s.labels)} ${s.count}`);
    }
    return lines.join('\n');
  }
}

export interface GaugeSample {
  labels?: Labels;
  value: number;
}

/** A gauge whose samples are computed when Prometheus scrapes (database counts, queue depth). */
export interface CollectedGauge {
  name: string;
  help: string;
  collect(): Promise<GaugeSample[]>;
}

export class MetricsRegistry {
  readonly httpDuration = new Histogram('tress_http_request_duration_seconds', 'HTTP request latency by route pattern, method and status.', [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60,
  ]);
  readonly generations = new Counter('tress_generation_outcomes_total', 'Generations finished by this process, by engine and outcome.');
  readonly generationSeconds = new Histogram('tress_generation_duration_seconds', 'Engine time per generation finished by this process.', [
    0.25, 0.5, 1, 2, 4, 8, 15, 30, 60,
  ]);
  private gauges: CollectedGauge[] = [];

  /** Adds a gauge computed at scrape time, e.g. the generation queue depth once queue mode runs. */
  addGauge(g: CollectedGauge) {
    this.gauges = this.gauges.filter((x) => x.name !== g.name).concat(g);
  }

  async render(): Promise<string> {
    const parts = [this.httpDuration.render(), this.generations.render(), this.generationSeconds.render()];
    for (const g of this.gauges) {
      const samples = await g.collect();
      parts.push([`# HELP ${g.name} ${g.help}`, `# TYPE ${g.name} gauge`, ...samples.map((s) => `${g.name}${labelText(s.labels ?? {})} ${num(s.value)}`)].join('\n'));
    }
    return parts.join('\n') + '\n';
  }
}
