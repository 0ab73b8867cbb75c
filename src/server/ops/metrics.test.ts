import { describe, expect, it } from 'vitest';
import { MetricsRegistry } from './metrics';

describe('metrics registry', () => {
  it('collects gauges at scrape time and replaces a gauge registered twice', async () => {
    const r = new MetricsRegistry();
    let n = 1;
    r.addGauge({ name: 'g', help: 'first', collect: async () => [{ value: 0 }] });
    r.addGauge({ name: 'g', help: 'second', labelNames: ['q'], collect: async () => [{ labels: { q: 'x' }, value: n++ }] });
    const first = await r.render();
    expect(first).toContain('# HELP g second\n# TYPE g gauge\ng{q="x"} 1');
    expect(first).not.toContain('first');
    expect(await r.render()).toContain('g{q="x"} 2');
  });

  it("drops a labelled gauge's samples that are gone at the next scrape", async () => {
    const r = new MetricsRegistry();
    let rows = [{ labels: { q: 'a' }, value: 1 }];
    r.addGauge({ name: 'depth', help: 'h', labelNames: ['q'], collect: async () => rows });
    expect(await r.render()).toContain('depth{q="a"} 1');
    rows = [];
    expect(await r.render()).not.toContain('depth{q="a"}');
  });

  it('includes the default process metrics, each registry only its own series', async () => {
    const a = new MetricsRegistry();
    const b = new MetricsRegistry();
    a.generations.inc({ engine: 'local', outcome: 'succeeded' });
    const text = await a.render();
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toContain('tress_generation_outcomes_total{engine="local",outcome="succeeded"} 1');
    expect(await b.render()).not.toContain('outcome="succeeded"');
  });
});
