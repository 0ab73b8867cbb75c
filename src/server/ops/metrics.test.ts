import { describe, expect, it } from 'vitest';
import { Counter, Histogram, MetricsRegistry } from './metrics';

describe('Prometheus text format', () => {
  it('escapes label values and sorts label names', () => {
    const c = new Counter('x_total', 'help');
    c.inc({ z: 'a"b', a: 'line\nbreak\\' }, 2);
    expect(c.render().split('\n')[2]).toBe('x_total{a="line\\nbreak\\\\",z="a\\"b"} 2');
  });

  it('renders cumulative histogram buckets with +Inf, sum and count', () => {
    const h = new Histogram('d_seconds', 'help', [0.1, 1]);
    h.observe({ route: '/r' }, 0.05);
    h.observe({ route: '/r' }, 0.5);
    h.observe({ route: '/r' }, 5);
    expect(h.render().split('\n').slice(2)).toEqual([
      'd_seconds_bucket{le="0.1",route="/r"} 1',
      'd_seconds_bucket{le="1",route="/r"} 2',
      'd_seconds_bucket{le="+Inf",route="/r"} 3',
      'd_seconds_sum{route="/r"} 5.55',
      'd_seconds_count{route="/r"} 3',
    ]);
  });

  it('collects gauges at scrape time and replaces a gauge registered twice', async () => {
    const r = new MetricsRegistry();
    let n = 1;
    r.addGauge({ name: 'g', help: 'first', collect: async () => [{ value: 0 }] });
    r.addGauge({ name: 'g', help: 'second', collect: async () => [{ labels: { q: 'x' }, value: n++ }] });
    const first = await r.render();
    expect(first).toContain('# HELP g second\n# TYPE g gauge\ng{q="x"} 1');
    expect(first).not.toContain('first');
    expect(await r.render()).toContain('g{q="x"} 2');
    expect(first.endsWith('\n')).toBe(true);
  });
});
