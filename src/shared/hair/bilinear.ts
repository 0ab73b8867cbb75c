/** A plane of values on a grid, row by row. */
export interface GridValues {
  width: number;
  height: number;
  data: ArrayLike<number>;
}

/** The plane's value at grid point (gx, gy), clamped to the grid, bilinear between the four nearest cells. */
export function bilinearAt(p: GridValues, gx: number, gy: number): number {
  const x = Math.min(p.width - 1, Math.max(0, gx));
  const y = Math.min(p.height - 1, Math.max(0, gy));
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(x0 + 1, p.width - 1);
  const y1 = Math.min(y0 + 1, p.height - 1);
  const wx = x - x0;
  const wy = y - y0;
  const d = p.data;
  const top = d[y0 * p.width + x0] * (1 - wx) + d[y0 * p.width + x1] * wx;
  const bottom = d[y1 * p.width + x0] * (1 - wx) + d[y1 * p.width + x1] * wx;
  return top * (1 - wy) + bottom * wy;
}
