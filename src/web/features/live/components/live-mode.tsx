import { FlipHorizontal2, SwitchCamera, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { liveShades, shadeFromPrompt, type LiveShade } from '../colour/live-shades';
import { hasWebGl2 } from '../colour/recolour-gl';
import { cameraCount, CameraError, openCamera, stopCamera, type CameraProblem, type Facing } from '../engine/camera';
import { LiveSession, type LiveStats } from '../engine/live-session';
import { hairSegmenter, LiveUnavailableError, type HairSegmenter } from '../engine/segmenter';
import type { Delegate } from '../engine/protocol';
import { ShadeCarousel } from './shade-carousel';

const ShadeGrid = lazy(() => import('./shade-grid'));

export interface LiveModeProps {
  /** The studio's prompt box: its colour leads the carousel. */
  prompt?: string;
  onClose: () => void;
  /** Signed in: render the current frame in full quality with the shade's prompt (a normal paid generation). */
  onRender?: (photo: File, prompt: string) => void;
  /** A shade chosen from the photo grid (when the camera is not available): fills the prompt. */
  onPickPrompt: (prompt: string) => void;
}

type Phase =
  | { kind: 'starting' }
  | { kind: 'running' }
  | { kind: 'camera'; problem: CameraProblem }
  | { kind: 'unavailable'; message: string }
  | { kind: 'old-browser' }
  | { kind: 'paused' };

const CAMERA_TEXT: Record<CameraProblem, string> = {
  denied: 'Live mode needs your camera, and it was not allowed. You can allow it in your browser’s site settings, or try shades on a photo instead.',
  absent: 'No camera was found on this device. You can try shades on a photo instead.',
  unsupported: 'This browser cannot share a camera with a web page. You can try shades on a photo instead.',
  failed: 'The camera could not start. Close other apps that use it and try again, or try shades on a photo instead.',
};

const DELEGATE_TEXT: Record<Delegate, string> = {
  webgpu: 'on your graphics chip (WebGPU)',
  'wasm-relaxed-simd': 'on your processor (WebAssembly)',
  'wasm-simd': 'on your processor (WebAssembly)',
};

/** Browsers older than about 2021 lack one of these; live mode then explains and offers the photo grid. */
function modernEnough(): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof WebAssembly === 'object' &&
    typeof createImageBitmap === 'function' &&
    hasWebGl2()
  );
}

/** Live mirror (issue 17): the camera with the chosen shade on the hair, drawn on this device; nothing is uploaded. */
export default function LiveMode({ prompt = '', onClose, onRender, onPickPrompt }: LiveModeProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const session = useRef<LiveSession | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const [phase, setPhase] = useState<Phase>(() => (modernEnough() ? { kind: 'starting' } : { kind: 'old-browser' }));
  const [segmenter, setSegmenter] = useState<HairSegmenter | null>(null);
  const [facing, setFacing] = useState<Facing>('user');
  const [cameras, setCameras] = useState(0);
  const [mirror, setMirror] = useState(true);
  const [split, setSplit] = useState(0);
  const [typed, setTyped] = useState(prompt);
  const shades = useMemo(() => liveShades(typed), [typed]);
  const [shade, setShade] = useState<LiveShade>(() => shadeFromPrompt(prompt) ?? liveShades('').find((s) => s.id === 'copper')!);
  const [stats, setStats] = useState<LiveStats | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [rendering, setRendering] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  // the model loads once, while the camera starts
  useEffect(() => {
    if (phase.kind === 'old-browser') return;
    let cancelled = false;
    hairSegmenter()
      .then((s) => !cancelled && setSegmenter(s))
      .catch((err: unknown) => {
        if (cancelled) return;
        setPhase({
          kind: 'unavailable',
          message:
            err instanceof LiveUnavailableError ? 'Live mode is not available on this server right now.' : 'The hair model could not start in this browser.',
        });
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, []);

  const startCamera = useCallback(async (which: Facing) => {
    stopCamera(stream.current);
    stream.current = null;
    try {
      const s = await openCamera(which);
      stream.current = s;
      const v = video.current!;
      v.srcObject = s;
      await v.play().catch(() => undefined);
      setCameras(await cameraCount());
      session.current?.restartMask();
      return true;
    } catch (err) {
      setPhase({ kind: 'camera', problem: err instanceof CameraError ? err.problem : 'failed' });
      return false;
    }
  }, []);

  // camera + loop once the model is ready; the camera stops when live mode closes
  useEffect(() => {
    if (!segmenter || !video.current || !canvas.current) return;
    const s = new LiveSession(video.current, canvas.current, segmenter, setStats);
    session.current = s;
    let alive = true;
    void startCamera(facing).then((ok) => {
      if (!ok || !alive) return;
      s.start();
      setPhase({ kind: 'running' });
    });
    return () => {
      alive = false;
      s.dispose();
      session.current = null;
      stopCamera(stream.current);
      stream.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- facing changes restart only the camera (below)
  }, [segmenter, startCamera]);

  // a tab in the background stops the camera (its light goes off); coming back starts it again
  useEffect(() => {
    const onVisibility = () => {
      const s = session.current;
      if (!s) return;
      if (document.hidden) {
        s.stop();
        stopCamera(stream.current);
        stream.current = null;
        setPhase((p) => (p.kind === 'running' ? { kind: 'paused' } : p));
      } else {
        void startCamera(facing).then((ok) => {
          if (!ok) return;
          s.start();
          setPhase((p) => (p.kind === 'paused' ? { kind: 'running' } : p));
        });
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [facing, startCamera]);

  useEffect(() => {
    session.current?.setTarget(shade.target);
  }, [shade, segmenter]);
  useEffect(() => {
    if (session.current) session.current.view = { split: split / 100, mirror };
  }, [split, mirror, segmenter]);

  const switchCamera = () => {
    const next: Facing = facing === 'user' ? 'environment' : 'user';
    setFacing(next);
    // the back camera is not a mirror
    setMirror(next === 'user');
    void startCamera(next);
  };

  const render = async () => {
    if (!onRender || !session.current) return;
    setRendering(true);
    try {
      const file = await session.current.capture();
      onRender(file, shade.prompt);
    } finally {
      setRendering(false);
    }
  };

  const close = () => {
    dialog.current?.close();
  };

  const running = phase.kind === 'running';
  const noCamera = phase.kind === 'camera' || phase.kind === 'old-browser';
  const busyNote = stats && stats.fps > 0 && (stats.reduced || stats.masksPerSecond < 4) ? slowText(stats) : null;

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="live-title"
      className="m-0 h-full max-h-none w-full max-w-none bg-stone-950 p-0 text-white backdrop:bg-stone-950/80"
    >
      <div className="mx-auto flex h-full max-w-5xl flex-col gap-3 p-3 sm:p-5">
        <header className="flex items-start justify-between gap-3">
          <div>
            <h2 id="live-title" className="font-display text-xl font-semibold">
              Live mirror
            </h2>
            <p className="text-sm text-white/80">Your camera stays on your device: the colour is drawn here, nothing is uploaded.</p>
          </div>
          <button
            type="button"
            onClick={close}
            aria-label="Close live mirror"
            className="rounded-full p-2 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
          >
            <X aria-hidden="true" className="h-6 w-6" />
          </button>
        </header>

        <div
          className="relative flex min-h-0 flex-1 items-center justify-center overflow-hidden rounded-2xl bg-black"
          data-testid="live-stage"
          data-state={phase.kind}
        >
          {/* kept in the layout (not display:none) so browsers keep announcing its frames; the canvas is what shows */}
          <video ref={video} muted playsInline aria-hidden="true" className="pointer-events-none absolute h-px w-px opacity-0" />
          <canvas
            ref={canvas}
            role="img"
            aria-label={running ? `Your camera with ${shade.label.toLowerCase()} hair` : 'Your camera'}
            data-testid="live-canvas"
            className={`max-h-full max-w-full object-contain ${running ? '' : 'invisible'}`}
          />
          {phase.kind === 'starting' && <p className="absolute text-sm text-white/80">Starting your camera and the hair model…</p>}
          {phase.kind === 'paused' && <p className="absolute text-sm text-white/80">Paused while this tab is in the background.</p>}
          {(noCamera || phase.kind === 'unavailable') && (
            <div className="absolute inset-0 overflow-y-auto bg-stone-50 p-4 text-stone-900">
              <div className="mx-auto max-w-lg space-y-3">
                {phase.kind === 'camera' && <Notice tone="warning">{CAMERA_TEXT[phase.problem]}</Notice>}
                {phase.kind === 'old-browser' && (
                  <Notice tone="warning">Live mode needs a newer browser (with WebGL2 and WebAssembly). You can still try shades on a photo.</Notice>
                )}
                {phase.kind === 'unavailable' && <Notice tone="warning">{phase.message} Everything else in the studio works as usual.</Notice>}
                {phase.kind !== 'unavailable' && phase.kind !== 'old-browser' && (
                  <>
                    <label className="block text-sm font-medium">
                      Choose a photo
                      <input
                        type="file"
                        accept="image/jpeg,image/png,image/webp"
                        onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
                        className="mt-1 block w-full text-sm"
                      />
                    </label>
                    {photo && (
                      <Suspense fallback={<p className="text-sm">Loading…</p>}>
                        <ShadeGrid
                          photo={photo}
                          onPick={(p) => {
                            onPickPrompt(p);
                            close();
                          }}
                        />
                      </Suspense>
                    )}
                  </>
                )}
              </div>
            </div>
          )}
        </div>

        {!noCamera && phase.kind !== 'unavailable' && (
          <>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <button
                type="button"
                aria-pressed={mirror}
                onClick={() => setMirror((m) => !m)}
                className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 ring-1 ring-white/40 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
              >
                <FlipHorizontal2 aria-hidden="true" className="h-4 w-4" /> Mirror
              </button>
              {cameras > 1 && (
                <button
                  type="button"
                  onClick={switchCamera}
                  className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 ring-1 ring-white/40 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
                >
                  <SwitchCamera aria-hidden="true" className="h-4 w-4" /> {facing === 'user' ? 'Use the back camera' : 'Use the front camera'}
                </button>
              )}
              <label className="flex min-w-[12rem] flex-1 items-center gap-2">
                <span>Before and after</span>
                <input
                  type="range"
                  min={0}
                  max={100}
                  value={split}
                  onChange={(e) => setSplit(Number(e.target.value))}
                  aria-valuetext={split === 0 ? 'All new colour' : `Original on the left ${split}%`}
                  className="flex-1 accent-white"
                />
              </label>
              <label className="flex items-center gap-2">
                <span>Try a colour</span>
                <input
                  type="text"
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  onBlur={() => {
                    const s = shadeFromPrompt(typed);
                    if (s) setShade(s);
                  }}
                  placeholder="e.g. rose gold"
                  className="w-40 rounded-full bg-white/10 px-3 py-1.5 text-white ring-1 ring-white/40 placeholder:text-white/60"
                />
              </label>
            </div>
            <ShadeCarousel shades={shades} selected={shade.id} onSelect={setShade} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p
                className="text-xs text-white/80"
                aria-live="polite"
                data-testid="live-stats"
                data-fps={stats?.fps.toFixed(1)}
                data-segment-ms={stats?.segmentMs.toFixed(1)}
                data-segment-total-ms={stats?.segmentTotalMs.toFixed(1)}
                data-recolour-ms={stats?.recolourMs.toFixed(1)}
                data-masks={stats?.masks}
                data-draw-height={stats?.drawHeight}
                data-delegate={segmenter?.delegate}
                data-model-load-ms={segmenter?.loadMs.toFixed(0)}
              >
                {segmenter && stats ? `${Math.round(stats.fps)} frames a second · hair model ${DELEGATE_TEXT[segmenter.delegate]}` : ' '}
                {busyNote && <span className="block text-amber-200">{busyNote}</span>}
              </p>
              {onRender ? (
                <Button onClick={() => void render()} disabled={!running || rendering} className="bg-white !text-stone-900 hover:bg-stone-200">
                  Render this in full quality · 1 credit
                </Button>
              ) : (
                <ButtonLink
                  to="/login"
                  state={{ from: `/app?prompt=${encodeURIComponent(shade.prompt)}` }}
                  className="bg-white !text-stone-900 hover:bg-stone-200"
                >
                  Sign up to render this in full quality
                </ButtonLink>
              )}
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}

function slowText(s: LiveStats): string {
  const parts: string[] = [];
  if (s.reduced) parts.push(`This device is busy, so live mode shows a smaller picture (${s.drawHeight} px).`);
  if (s.masksPerSecond < 4)
    parts.push(`The hair outline updates ${Math.max(1, Math.round(s.masksPerSecond))} times a second here; hold still for the cleanest edge.`);
  return parts.join(' ');
}
