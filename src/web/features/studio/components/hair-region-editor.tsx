import { Eraser, Loader2, Plus, RotateCcw, Undo2, Users } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { CORRECTION_LIMITS, type Mark, type Point } from '@shared/studio/corrections';
import type { Preview } from '@shared/studio/preview';
import { Button } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import type { Change } from '../hooks/use-hair-region';
import { hairShare, paintRegion } from '../region/overlay';
import { RegionRead } from './region-read';

type Mode = 'add' | 'remove' | 'person';

/** A fingertip: a tap's radius is 1 % of the photo's diagonal (issue 32). */
const TAP = 0.01;
/** Brush sizes, in hundredths of the diagonal, and their names. */
const BRUSHES = ['Fine', 'Small', 'Medium', 'Large', 'Extra large'] as const;
const BRUSH_SIZE = [0.01, 0.02, 0.035, 0.05, 0.07] as const;
/** A press that moves less than this (CSS pixels) is a tap, not a stroke. */
const TAP_SLOP = 6;

const HINT: Record<Mode | 'none', string> = {
  none: 'Choose Add hair or Remove hair, then tap your photo: a tap takes a whole lock, a drag paints like a brush.',
  add: 'Tap a missed lock to add it, or drag to paint hair in.',
  remove: 'Tap anything that isn’t hair to take it out, or drag to brush it away.',
  person: 'Tap the person whose hair you want to colour.',
};

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const pct = (v: number) => `${Math.round(v * 1000) / 10}%`;

/** Where a point is on the photo, in words: "a third across, near the top". */
function whereSaid(p: Point, w: number, h: number): string {
  return `${Math.round((p.x / w) * 100)}% across, ${Math.round((p.y / h) * 100)}% down`;
}

/** Brush strokes travel as at most CORRECTION_LIMITS.pointsPerMark points, evenly kept. */
function bounded(points: [number, number][]): [number, number][] {
  const max = CORRECTION_LIMITS.pointsPerMark;
  if (points.length <= max) return points;
  return Array.from({ length: max }, (_, k) => points[Math.round((k * (points.length - 1)) / (max - 1))]);
}

interface Props {
  preview: Preview | null;
  /** The photo as sent: the region's pixels are this picture's. */
  photoUrl: string | null;
  matte: Uint8Array | null;
  loading: boolean;
  error: Error | null;
  onRetry(): void;
  marks: number;
  onMark(mark: Mark): Promise<Change>;
  onUndo(): Promise<Change>;
  onReset(): Promise<Change>;
  onPerson(p: Point): void;
}

/**
 * The free preview (issue 32): the hair the render will colour, tinted and outlined on the person's photo,
 * fixed with a tap (a whole lock, following the photo's edges) or a brush, by touch, mouse or keyboard.
 */
export function HairRegionEditor(p: Props) {
  const id = useId();
  const overlay = useRef<HTMLCanvasElement>(null);
  const strokeLayer = useRef<HTMLCanvasElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<Mode | null>(null);
  const [brush, setBrush] = useState(2);
  const [said, setSaid] = useState('');
  const [cursor, setCursor] = useState<Point | null>(null);
  const drag = useRef<{ points: [number, number][]; x: number; y: number; moved: boolean } | null>(null);
  const since = useRef<number | null>(null);

  const W = p.preview?.width ?? 0;
  const H = p.preview?.height ?? 0;
  const diagonal = Math.hypot(W, H);
  const tapRadius = Math.max(CORRECTION_LIMITS.minRadius, Math.round(diagonal * TAP));
  const brushRadius = clamp(Math.round(diagonal * BRUSH_SIZE[brush]), CORRECTION_LIMITS.minRadius, CORRECTION_LIMITS.maxRadius);
  const people = p.preview?.people ?? [];
  const ready = !!p.preview && !!p.matte && !p.loading;
  const full = p.marks >= CORRECTION_LIMITS.marks;

  // the region drawn over the photo whenever it changes
  useEffect(() => {
    const canvas = overlay.current;
    if (!canvas || !p.matte || !W || !H || p.matte.length !== W * H) return;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const image = ctx.createImageData(W, H);
    const shown = stage.current?.getBoundingClientRect().width || W;
    paintRegion(image.data, p.matte, W, H, (1.5 * W) / shown);
    ctx.putImageData(image, 0, 0);
    strokeLayer.current?.getContext('2d')?.clearRect(0, 0, W, H);
    const start = since.current;
    if (start !== null) {
      since.current = null;
      // from the finger lifting to the corrected region on screen (issue 32: at most 150 ms)
      requestAnimationFrame(() => performance.measure('hair-region-update', { start, end: performance.now() }));
    }
  }, [p.matte, W, H]);

  // a new photo or person: the cursor starts on the chosen person's hair line
  const chosen = people.find((x) => x.chosen);
  useEffect(() => {
    if (!W || !H) return setCursor(null);
    setCursor(chosen ? { x: chosen.box.x + chosen.box.w / 2, y: Math.max(0, chosen.box.y) } : { x: W / 2, y: H / 3 });
  }, [W, H, chosen?.box.x, chosen?.box.y, chosen?.box.w]); // eslint-disable-line react-hooks/exhaustive-deps

  const onHair = (pt: Point) => !!p.matte && p.matte[Math.round(pt.y) * W + Math.round(pt.x)] >= 128;

  const send = async (mark: Mark, at: Point) => {
    since.current = performance.now();
    const { changed } = await p.onMark(mark);
    const add = mark.label === 'hair';
    setSaid(
      changed
        ? `${add ? 'Hair added' : 'Removed from the hair'} ${mark.points.length > 1 ? 'along your stroke' : `at ${whereSaid(at, W, H)}`}.`
        : add
          ? 'That part is already hair.'
          : 'That part is not in the hair.',
    );
  };

  const tap = (at: Point) => {
    if (!mode || !ready) return setSaid(HINT.none);
    if (mode === 'person') return p.onPerson(at);
    if (full) return setSaid('That is as many fixes as one photo takes. Undo one or start again to go on.');
    void send({ label: mode === 'add' ? 'hair' : 'not-hair', radius: tapRadius, points: [[Math.round(at.x), Math.round(at.y)]] }, at);
  };

  const toPhoto = (e: { clientX: number; clientY: number }): Point => {
    const r = stage.current!.getBoundingClientRect();
    // the pixel under the finger
    return { x: clamp(Math.floor(((e.clientX - r.left) / r.width) * W), 0, W - 1), y: clamp(Math.floor(((e.clientY - r.top) / r.height) * H), 0, H - 1) };
  };

  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (!ready || (e.pointerType === 'mouse' && e.button !== 0)) return;
    if (!mode || mode === 'person') return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const at = toPhoto(e);
    drag.current = { points: [[Math.round(at.x), Math.round(at.y)]], x: e.clientX, y: e.clientY, moved: false };
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < TAP_SLOP) return;
    d.moved = true;
    const at = toPhoto(e);
    const [lx, ly] = d.points[d.points.length - 1];
    if (Math.hypot(at.x - lx, at.y - ly) < Math.max(1, brushRadius / 3)) return;
    d.points.push([Math.round(at.x), Math.round(at.y)]);
    const ctx = strokeLayer.current?.getContext('2d');
    if (!ctx) return;
    ctx.strokeStyle = mode === 'add' ? 'rgba(79, 70, 229, 0.5)' : 'rgba(255, 255, 255, 0.7)';
    ctx.lineWidth = brushRadius * 2;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(lx, ly);
    ctx.lineTo(at.x, at.y);
    ctx.stroke();
  };
  const up = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d) {
      // person mode and no mode at all act on the tap itself
      if (ready && (!mode || mode === 'person') && (e.pointerType !== 'mouse' || e.button === 0)) tap(toPhoto(e));
      return;
    }
    if (!d.moved) return tap({ x: d.points[0][0], y: d.points[0][1] });
    if (!mode || mode === 'person' || full) return;
    const points = d.points.length > 1 ? d.points : [d.points[0], d.points[0]];
    void send({ label: mode === 'add' ? 'hair' : 'not-hair', radius: brushRadius, points: bounded(points) }, { x: points[0][0], y: points[0][1] });
  };
  const cancel = () => {
    drag.current = null;
    strokeLayer.current?.getContext('2d')?.clearRect(0, 0, W, H);
  };

  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!ready || !cursor) return;
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      if (p.marks) void p.onUndo().then(() => setSaid('Undone.'));
      return;
    }
    const step = (e.shiftKey ? 0.05 : 0.01) * Math.max(W, H);
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (e.key in moves) {
      e.preventDefault();
      const [dx, dy] = moves[e.key];
      const next = { x: clamp(cursor.x + dx, 0, W - 1), y: clamp(cursor.y + dy, 0, H - 1) };
      setCursor(next);
      setSaid(`${whereSaid(next, W, H)}: ${onHair(next) ? 'hair' : 'not hair'}.`);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      tap(cursor);
    }
  };

  const pick = (m: Mode) => {
    const next = mode === m ? null : m;
    setMode(next);
    setSaid(HINT[next ?? 'none']);
  };

  const flags = ready ? (p.preview?.flags ?? []) : [];
  const share = useMemo(() => (p.matte ? Math.round(hairShare(p.matte) * 100) : null), [p.matte]);
  const fallback = p.preview?.matteSource === 'fallback';

  return (
    <div className="space-y-4" data-testid="hair-region-editor">
      <div>
        <h3 className="font-display text-xl font-semibold text-stone-900">The hair we’ll colour</h3>
        <p className="mt-1 text-sm text-stone-600">
          A free preview: your render colours exactly the outlined area, whichever shade you choose. Something missed or too much? Fix it here before you spend
          a credit.
        </p>
      </div>
      {fallback && (
        <Notice tone="warning" title="A rougher outline than usual">
          The hair model isn’t installed on this server, so this outline is an estimate. Check it and fix it here: your render colours what you see, and nothing
          is charged until you press Generate.
        </Notice>
      )}
      <div role="toolbar" aria-label="Fix the hair region" className="flex flex-wrap items-center gap-2">
        <ModeButton active={mode === 'add'} onClick={() => pick('add')} disabled={!ready} icon={<Plus className="h-4 w-4" aria-hidden />}>
          Add hair
        </ModeButton>
        <ModeButton active={mode === 'remove'} onClick={() => pick('remove')} disabled={!ready} icon={<Eraser className="h-4 w-4" aria-hidden />}>
          Remove hair
        </ModeButton>
        {people.length > 1 && (
          <ModeButton active={mode === 'person'} onClick={() => pick('person')} disabled={!ready} icon={<Users className="h-4 w-4" aria-hidden />}>
            Whose hair?
          </ModeButton>
        )}
        <label className="flex items-center gap-2 text-sm text-stone-700">
          <span>Brush</span>
          <input
            type="range"
            min={0}
            max={BRUSHES.length - 1}
            step={1}
            value={brush}
            onChange={(e) => setBrush(Number(e.target.value))}
            aria-valuetext={BRUSHES[brush]}
            disabled={!ready}
            className="w-24 accent-brand-700"
          />
          <span className="sr-only">size</span>
        </label>
        <div className="ml-auto flex gap-1">
          <Button variant="ghost" size="sm" onClick={() => void p.onUndo().then(() => setSaid('Undone.'))} disabled={!ready || !p.marks}>
            <Undo2 className="h-4 w-4" aria-hidden /> Undo
          </Button>
          <Button variant="ghost" size="sm" onClick={() => void p.onReset().then(() => setSaid('Back to the outline we found.'))} disabled={!ready || !p.marks}>
            <RotateCcw className="h-4 w-4" aria-hidden /> Start again
          </Button>
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {HINT[mode ?? 'none']} With a keyboard: arrow keys move the cursor (Shift for bigger steps), Enter marks.
      </p>

      <div className="relative mx-auto w-fit max-w-full select-none">
        {p.photoUrl ? (
          <img src={p.photoUrl} alt="" draggable={false} className="block max-h-[62vh] w-auto max-w-full rounded-2xl" />
        ) : (
          <div className="aspect-[4/5] w-72 rounded-2xl bg-stone-100" />
        )}
        {W > 0 && (
          <>
            <canvas
              ref={overlay}
              width={W}
              height={H}
              data-testid="hair-region"
              aria-hidden
              className="pointer-events-none absolute inset-0 h-full w-full rounded-2xl"
            />
            <canvas ref={strokeLayer} width={W} height={H} aria-hidden className="pointer-events-none absolute inset-0 h-full w-full rounded-2xl" />
          </>
        )}
        <div
          ref={stage}
          role="application"
          aria-label="Your photo with the hair we’ll colour outlined"
          aria-roledescription="hair region"
          aria-describedby={`${id}-hint`}
          tabIndex={ready ? 0 : -1}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={cancel}
          onKeyDown={key}
          data-testid="hair-region-stage"
          style={{ touchAction: mode ? 'none' : 'manipulation', WebkitTouchCallout: 'none' }}
          className={`peer absolute inset-0 rounded-2xl focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${mode === 'person' ? 'cursor-pointer' : mode ? 'cursor-crosshair' : ''}`}
        />
        {ready && cursor && (
          <span
            aria-hidden
            className="pointer-events-none absolute hidden h-6 w-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-[0_0_0_2px_rgba(0,0,0,0.6)] peer-focus-visible:block"
            style={{ left: pct(cursor.x / W), top: pct(cursor.y / H) }}
          />
        )}
        {flags.map((f, k) => (
          <span
            key={`${f.code}-${k}`}
            aria-hidden
            className="pointer-events-none absolute flex h-7 w-7 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-amber-400 text-xs font-bold text-stone-900 shadow-md ring-2 ring-white"
            style={{ left: pct(f.x / W), top: pct(f.y / H) }}
          >
            {k + 1}
          </span>
        ))}
        {ready &&
          mode === 'person' &&
          people.map((person, k) => (
            <button
              key={k}
              type="button"
              aria-pressed={person.chosen}
              onClick={() => p.onPerson({ x: person.box.x + person.box.w / 2, y: person.box.y + person.box.h / 2 })}
              className={`absolute rounded-xl border-2 ${person.chosen ? 'border-solid border-white' : 'border-dashed border-white/90 hover:bg-white/15'} shadow-[0_0_0_1px_rgba(0,0,0,0.4)]`}
              style={{ left: pct(person.box.x / W), top: pct(person.box.y / H), width: pct(person.box.w / W), height: pct(person.box.h / H) }}
            >
              <span className="absolute -top-7 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-stone-900 shadow">
                {person.chosen ? 'Colouring this hair' : 'Colour this hair'}
              </span>
              <span className="sr-only">{`Person ${k + 1} of ${people.length}`}</span>
            </button>
          ))}
        {(p.loading || (!p.matte && !p.error)) && (
          <div className="absolute inset-0 flex items-center justify-center rounded-2xl bg-stone-900/30">
            <span className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-stone-900 shadow">
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Finding your hair…
            </span>
          </div>
        )}
      </div>
      {p.error && (
        <Notice tone="error" title={p.error.message}>
          Nothing was charged.{' '}
          <button type="button" onClick={p.onRetry} className="font-semibold underline">
            Try again
          </button>
        </Notice>
      )}
      {flags.length > 0 && (
        <div className="rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200" data-testid="region-flags">
          <p className="text-sm font-semibold text-amber-950">Worth a look before you generate</p>
          <ol className="mt-2 space-y-1.5 text-sm text-amber-950">
            {flags.map((f, k) => (
              <li key={`${f.code}-${k}`} className="flex items-start gap-2">
                <span aria-hidden className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-amber-400 text-xs font-bold">
                  {k + 1}
                </span>
                <span>{f.message}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
      {ready && p.preview?.read && <RegionRead read={p.preview.read} />}
      <p className="sr-only" aria-live="polite">
        {said || (ready && share !== null ? `Hair region ready: ${share}% of your photo is hair.` : '')}
      </p>
    </div>
  );
}

function ModeButton({
  active,
  onClick,
  disabled,
  icon,
  children,
}: {
  active: boolean;
  onClick(): void;
  disabled: boolean;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      disabled={disabled}
      className={`inline-flex items-center gap-1.5 rounded-full px-3.5 py-2 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-50 ${active ? 'bg-stone-900 text-white' : 'bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100'}`}
    >
      {icon}
      {children}
    </button>
  );
}
