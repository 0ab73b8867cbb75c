import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { hexToOklab, type OkLab } from '@shared/hair/oklab';
import { GRID_SHADE_IDS, shadeById } from '@shared/hair/palette';
import { MSG } from '@shared/messages';
import type { Corrections, Mark, Point } from '@shared/studio/corrections';
import type { Preview } from '@shared/studio/preview';
import { ApiError } from '@web/lib/api';
import { keepCorrections } from '../lib/kept-photo';
import { blobToBase64, studioApi } from '../api/studio-api';
import { preparePhoto } from '../lib/prepare-photo';
import { RegionClient } from '../region/region-client';
import { base64ToBlob } from './use-object-url';

/** A photo the browser cannot read is refused like the server would, before any request. */
export const unreadable = (err: unknown): never => {
  throw new ApiError('invalid-argument', err instanceof Error ? err.message : MSG.generationFailed, 0);
};

/** The shade grid's height in pixels: enough to judge a colour in a third of the photo panel on a 2× screen. */
const TILE_HEIGHT = 320;
/** Wait this long after the last correction before painting the grid again (a brush stroke sends several). */
const TILES_AFTER_MS = 250;

interface GridShade {
  id: string;
  label: string;
  target: OkLab;
}

/** The nine shades of the grid, as live mode offers them; choosing one puts its name in the prompt. */
const GRID: GridShade[] = GRID_SHADE_IDS.map((id) => {
  const s = shadeById(id)!;
  return { id, label: s.label, target: hexToOklab(s.hex) };
});

export interface ShadeTile {
  shade: GridShade;
  url: string;
}

interface Region {
  /** The corrected region, one byte per pixel of the preview's photo. */
  matte: Uint8Array;
  marks: Mark[];
}

/** What the last change did, for the words said to a screen reader and the 150 ms budget (issue 32). */
export interface Change {
  changed: number;
  ms: number;
}

let nextFileId = 1;
const fileIds = new WeakMap<File, number>();
const fileId = (f: File) => {
  let id = fileIds.get(f);
  if (!id) fileIds.set(f, (id = nextFileId++));
  return id;
};

/**
 * The free preview and the person's fixes to it (issue 32, decision 142). The preview is asked once per photo
 * and person; the region and the photo's pixels go to a worker, where every tap and stroke is applied with
 * the engine's own function. The corrections are kept per photo for this visit (the current photo's also for
 * this tab's session, decision 175), and Generate sends them with the preview's id, so the render paints the
 * region the person saw.
 */
export function useHairRegion(file: File | null, enabled: boolean) {
  const kept = useRef(new WeakMap<File, Corrections>());
  const [person, setPersonState] = useState<Point | undefined>(undefined);
  const [region, setRegion] = useState<Region | null>(null);
  const [regionError, setRegionError] = useState<string | null>(null);
  const [tiles, setTiles] = useState<ShadeTile[] | null>(null);
  const [tilesError, setTilesError] = useState<string | null>(null);
  // two workers: one applies the person's fixes, the other paints the shade grid, so a tap never waits for the grid
  const client = useRef<RegionClient | null>(null);
  const painter = useRef<RegionClient | null>(null);
  const worker = useCallback(() => (client.current ??= new RegionClient()), []);
  const tileWorker = useCallback(() => (painter.current ??= new RegionClient()), []);
  useEffect(
    () => () => {
      for (const ref of [client, painter]) {
        ref.current?.close();
        ref.current = null;
      }
    },
    [],
  );

  // a photo chosen again brings back whose hair it was and its corrections
  useEffect(() => {
    setPersonState(file ? kept.current.get(file)?.person : undefined);
  }, [file]);

  const query = useQuery({
    queryKey: ['studio-preview', file ? fileId(file) : 0, person?.x ?? null, person?.y ?? null],
    enabled: !!file && enabled,
    queryFn: async ({ signal }): Promise<{ preview: Preview; photo: Blob }> => {
      const prepared = await preparePhoto(file!, 'photo').catch(unreadable);
      const imageBase64 = await blobToBase64(prepared.blob);
      const preview = await studioApi.preview({ imageBase64, imageType: prepared.type, ...(person ? { person } : {}) }, signal);
      // the photo as the server re-encoded it (decision 031): the very pixels the render corrects and paints
      return { preview, photo: base64ToBlob(preview.photo, 'image/jpeg') };
    },
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const data = query.data;

  // the region of a new preview, with the corrections kept for this photo and person replayed on it
  useEffect(() => {
    setRegion(null);
    setRegionError(null);
    if (!data || !file) return;
    let cancelled = false;
    const marks = kept.current.get(file)?.marks ?? [];
    const { preview, photo } = data;
    const load = {
      type: 'load',
      photo,
      matte: base64ToBlob(preview.matte, 'image/png'),
      belief: preview.belief ? base64ToBlob(preview.belief, 'image/png') : null,
      person: preview.person ? base64ToBlob(preview.person, 'image/png') : null,
      width: preview.width,
      height: preview.height,
    } as const;
    // the painter needs the photo only: the region comes with each grid it paints, and it never taps
    tileWorker()
      .send({ ...load, belief: null, person: null, marks: [] })
      .catch(() => undefined);
    worker()
      .send({ ...load, marks })
      .then((m) => {
        if (!cancelled) setRegion({ matte: m.matte, marks });
      })
      .catch((err: unknown) => {
        if (!cancelled) setRegionError(err instanceof Error ? err.message : 'The hair region could not be shown.');
      });
    return () => {
      cancelled = true;
    };
  }, [data, file, worker, tileWorker]);

  const remember = useCallback(
    (marks: Mark[]) => {
      if (!file) return;
      const c = { ...(person ? { person } : {}), marks };
      kept.current.set(file, c);
      keepCorrections(c);
    },
    [file, person],
  );

  /** A photo brought back after a reload, with the corrections the person had made to it (decision 175). */
  const restore = useCallback((f: File, c: Corrections) => {
    kept.current.set(f, c);
  }, []);

  const change = useCallback(
    async (req: { type: 'mark'; mark: Mark } | { type: 'undo' } | { type: 'reset' }, marks: Mark[]): Promise<Change> => {
      remember(marks);
      setRegion((r) => r && { ...r, marks });
      const t0 = performance.now();
      const answer = await worker().send(req);
      setRegion((r) => r && { ...r, matte: answer.matte });
      return { changed: answer.changed, ms: performance.now() - t0 };
    },
    [remember, worker],
  );

  const marks = region?.marks;
  const mark = useCallback((m: Mark) => change({ type: 'mark', mark: m }, [...(marks ?? []), m]), [change, marks]);
  const undo = useCallback(() => change({ type: 'undo' }, (marks ?? []).slice(0, -1)), [change, marks]);
  const reset = useCallback(() => change({ type: 'reset' }, []), [change]);

  /** Another person's hair: a new preview for them, their own corrections from none. */
  const choosePerson = useCallback(
    (p: Point) => {
      if (!file) return;
      const point = { x: Math.round(p.x), y: Math.round(p.y) };
      kept.current.set(file, { person: point, marks: [] });
      keepCorrections({ person: point, marks: [] });
      setPersonState(point);
    },
    [file],
  );

  // the shade grid, painted on the corrected region a moment after the last change
  const matte = region?.matte;
  useEffect(() => {
    if (!matte) {
      setTiles(null);
      setTilesError(null);
      return;
    }
    let cancelled = false;
    let made: ShadeTile[] = [];
    const timer = setTimeout(() => {
      tileWorker()
        .send({ type: 'tiles', shades: GRID.map((s) => ({ id: s.id, target: s.target })), height: TILE_HEIGHT, matte })
        .then((m) => {
          made = m.tiles.map((t) => ({ shade: GRID.find((s) => s.id === t.id)!, url: URL.createObjectURL(t.blob) }));
          if (cancelled) made.forEach((t) => URL.revokeObjectURL(t.url));
          else {
            setTiles(made);
            setTilesError(null);
          }
        })
        .catch((err: unknown) => {
          if (!cancelled) setTilesError(err instanceof Error ? err.message : 'The shades could not be drawn.');
        });
    }, TILES_AFTER_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [matte, tileWorker]);
  // the previous grid's pictures are let go once the next one is shown
  useEffect(() => () => tiles?.forEach((t) => URL.revokeObjectURL(t.url)), [tiles]);

  const corrections: Corrections | undefined = file && data ? { ...(person ? { person } : {}), marks: marks ?? [] } : undefined;
  return {
    preview: data?.preview ?? null,
    photo: data?.photo ?? null,
    loading: query.isFetching,
    error: query.error ?? (regionError ? new Error(regionError) : null),
    retry: () => void query.refetch(),
    matte: matte ?? null,
    marks: marks ?? [],
    corrections,
    mark,
    undo,
    reset,
    choosePerson,
    restore,
    tiles,
    tilesError,
  };
}
