/**
 * Vitest 5's reporter calls Map.groupBy/Object.groupBy, which Node 20 lacks; without these a failing
 * test crashes the summary instead of being reported. Loaded by vitest.config.ts (main process).
 */
type GroupBy = <K, T>(items: Iterable<T>, key: (item: T, i: number) => K) => Map<K, T[]>;
const mapGroupBy: GroupBy = (items, key) => {
  const out = new Map();
  let i = 0;
  for (const item of items) {
    const k = key(item, i++);
    if (!out.has(k)) out.set(k, []);
    out.get(k).push(item);
  }
  return out;
};
const M = Map as unknown as { groupBy?: GroupBy };
M.groupBy ??= mapGroupBy;
const O = Object as unknown as { groupBy?: (items: Iterable<unknown>, key: (item: unknown, i: number) => PropertyKey) => Record<PropertyKey, unknown[]> };
O.groupBy ??= (items, key) => Object.fromEntries(mapGroupBy(items, key));
