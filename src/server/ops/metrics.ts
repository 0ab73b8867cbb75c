import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

type Labels = Record<string, string>;

interface GaugeSample {
  labels?: Labels;
  value: number;
}

/** A gauge whose samples are computed when Prometheus scrapes (database counts, queue depth). */
export interface CollectedGauge {
  name: string;
  help: string;
  labelNames?: string[];
  collect(): Promise<GaugeSample[]>;
}

/**
 * This process's Prometheus registry on prom-client, with its default process and Node.js metrics.
 * One registry per app instance (not prom-client's global one) so several apps in one process, as in
 * the tests, each report only their own series.
 */
export class MetricsRegistry {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'tress_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern, method and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });
  readonly generations = new Counter({
    name: 'tress_generation_outcomes_total',
    help: 'Generations finished by this process, by engine and outcome.',
    labelNames: ['engine', 'outcome'],
    registers: [this.registry],
  });
  readonly generationSeconds = new Histogram({
    name: 'tress_generation_duration_seconds',
    help: 'Engine time per generation finished by this process.',
    labelNames: ['engine'],
    buckets: [0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
    registers: [this.registry],
  });

  readonly rateLimitFallbacks = new Counter({
    name: 'tress_rate_limit_fallback_total',
    help: 'Rate-limit decisions this instance took in its own memory because Redis did not answer, by limit.',
    labelNames: ['limit'],
    registers: [this.registry],
  });

  constructor() {
    // process_resident_memory_bytes, CPU, heap, event loop lag, GC and open handles.
    collectDefaultMetrics({ register: this.registry });
  }

  /** Adds a gauge computed at scrape time, e.g. the generation queue depth once queue mode runs. */
  addGauge(g: CollectedGauge) {
    if (this.registry.getSingleMetric(g.name)) this.registry.removeSingleMetric(g.name);
    new Gauge({
      name: g.name,
      help: g.help,
      labelNames: g.labelNames ?? [],
      registers: [this.registry],
      async collect() {
        const samples = await g.collect();
        this.reset();
        for (const s of samples) this.set(s.labels ?? {}, s.value);
      },
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
