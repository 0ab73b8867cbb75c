/** Messages between the studio and its hair region worker (region.worker.ts, decision 142). */
import type { OkLab } from '@shared/hair/oklab';
import type { Mark } from '@shared/studio/corrections';

interface TileShade {
  id: string;
  target: OkLab;
}

export type ToRegionWorker =
  /**
   * A new photo and its region: `photo` is the JPEG the studio sends, `matte` the preview's PNG, `belief` the
   * network's belief PNG and `person` the person matte's (null without the hair model, decisions 187 and 203);
   * `marks` are replayed on it.
   */
  | { type: 'load'; id: number; photo: Blob; matte: Blob; belief: Blob | null; person: Blob | null; width: number; height: number; marks: Mark[] }
  | { type: 'mark'; id: number; mark: Mark }
  | { type: 'undo'; id: number }
  | { type: 'reset'; id: number }
  /**
   * The shade grid: the photo `height` pixels high with each shade painted on `matte` (the corrected region).
   * A second worker paints it, so a tap never waits behind the grid.
   */
  | { type: 'tiles'; id: number; shades: TileShade[]; height: number; matte: Uint8Array };

export type FromRegionWorker =
  /** The corrected region (one byte per pixel), how many pixels the request changed and how long it took in the worker. */
  | { type: 'matte'; id: number; matte: Uint8Array; changed: number; ms: number }
  | { type: 'tiles'; id: number; tiles: { id: string; blob: Blob }[] }
  | { type: 'error'; id: number; message: string };
