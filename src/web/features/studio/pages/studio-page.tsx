import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Me } from '@shared/auth';
import { MSG } from '@shared/messages';
import { ENGINE_TEXT } from '@shared/studio/engine-text';
import type { Corrections } from '@shared/studio/corrections';
import { GENERATION_COST } from '@shared/constants';
import type { GenerateResult } from '@shared/studio/generate';
import { LoadingScreen } from '@web/components/ui/loading-screen';
import { Notice } from '@web/components/ui/notice';
import { usePageMeta } from '@web/components/ui/page-title';
import { Button, ButtonLink } from '@web/components/ui/button';
import { isReturningVisitor, ME_KEY, useMe } from '@web/features/auth/public';
import { LiveModeButton } from '@web/features/live/public';
import { ApiError } from '@web/lib/api';
import { keepPhoto, keptPhoto } from '../lib/kept-photo';
import { blobToBase64, studioApi } from '../api/studio-api';
import { CreditsCard } from '../components/credits-card';
import { GeneratingProgress } from '../components/generating-progress';
import { PhotoDrop, photoProblem, TOO_LARGE_PHOTO } from '../components/photo-drop';
import { PromptCard } from '../components/prompt-card';
import { PromptReadingPanel } from '../components/prompt-reading';
import { RecentCreations } from '../components/recent-creations';
import { ShopTheLook } from '../components/shop-the-look';
import { StudioHeader } from '../components/studio-header';
import { creditsFor, creditWords, VariationsPicker } from '../components/variations-picker';
import { useEngineStatus } from '../hooks/use-engine-status';
import { unreadable, useHairRegion } from '../hooks/use-hair-region';
import { useObjectUrl } from '../hooks/use-object-url';
import { useProLook } from '../hooks/use-pro-look';
import { usePromptParser } from '../hooks/use-prompt-parser';
import { preparePhoto } from '../lib/prepare-photo';
import { resultDisplayWidth } from '../lib/result-display-width';

/** The hair region's editor, loaded when a photo is chosen (it brings the correction limits' schema, zod with it). */
const HairRegionEditor = lazy(() => import('../components/hair-region-editor').then((m) => ({ default: m.HairRegionEditor })));
/** The result with its slider and actions: asked for as Generate starts, in by the time the picture is (issue 37). */
const loadResultCard = () => import('../components/result-card').then((m) => ({ default: m.ResultCard }));
const ResultCard = lazy(loadResultCard);
/** The shade grid drawn on the person's own hair, once a photo is chosen. */
const RegionShadeGrid = lazy(() => import('../components/region-shade-grid').then((m) => ({ default: m.RegionShadeGrid })));
/** The variations of a cut side by side, loaded with the first grid (issue 36). */
const VariationGrid = lazy(() => import('../components/variation-grid').then((m) => ({ default: m.VariationGrid })));

/**
 * What a failed generation says: the server's own words for what it refused (a photo it cannot read, no
 * credits, a cut it cannot do), and the spec's 'Generation failed. Please try again.' for everything else: a
 * dropped connection or a server fault, never the browser's "Failed to fetch".
 */
function generationError(err: unknown): string {
  if (err instanceof ApiError && err.status > 0 && err.status < 500 && err.message !== err.code) return err.message;
  if (err instanceof ApiError && err.status === 0 && err.code === 'invalid-argument') return err.message;
  return MSG.generationFailed;
}

/** Spec §2 /app: signed in; 'Loading Studio…' while the session loads; signed out 'Please sign in'. */
export default function StudioPage() {
  usePageMeta({ title: 'Studio — Tress', description: 'Upload a photo, describe a colour and see it on your own hair.' });
  const { me, loading } = useMe();
  const location = useLocation();
  if (loading) return <LoadingScreen label={MSG.loadingStudio} />;
  if (!me) {
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="font-display text-3xl font-semibold text-stone-900">{MSG.pleaseSignIn}</h1>
        {isReturningVisitor() ? (
          <>
            <p className="text-stone-600">Sign in to try new hair colours on your own photo.</p>
            <ButtonLink to="/login" state={{ from: location.pathname + location.search }}>
              Go to Login
            </ButtonLink>
          </>
        ) : (
          <>
            <p className="text-stone-600">New here? Create a free account: your first try-on is on us, no card needed.</p>
            <div className="flex flex-wrap items-center justify-center gap-3">
              <ButtonLink to="/login?mode=signup" state={{ from: location.pathname + location.search }}>
                Create a free account
              </ButtonLink>
              <ButtonLink to="/login" variant="secondary" state={{ from: location.pathname + location.search }}>
                Go to Login
              </ButtonLink>
            </div>
          </>
        )}
      </div>
    );
  }
  return <Studio me={me} />;
}

interface Shown {
  result: GenerateResult;
  prompt: string;
  beforeUrl: string;
}

interface GenerateInput {
  file: File;
  prompt: string;
  reference: File | null;
  colourOnly: boolean;
  corrections?: Corrections;
  previewOf?: string;
  /** Variations of a cut, each its own credit (issue 36). */
  variations?: number;
  /** The generative engine draws it: the wait is longer. */
  cut?: boolean;
}

function Studio({ me }: { me: Me }) {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [prompt, setPrompt] = useState(() => params.get('prompt') ?? '');
  const [reference, setReference] = useState<File | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  // of a grid of variations, the one opened large (null: the grid)
  const [opened, setOpened] = useState<string | null>(null);
  const [variations, setVariations] = useState(1);
  // the result or, to fix it for the next render, the hair region
  const [view, setView] = useState<'result' | 'region'>('result');
  // the photo whose free preview is shown: every chosen photo, not live mode's frame (that render was its own preview)
  const [previewFor, setPreviewFor] = useState<File | null>(null);
  const region = useHairRegion(file, !!file && previewFor === file);
  const previewUrl = useObjectUrl(file);
  const sentUrl = useObjectUrl(region.photo);
  const referenceUrl = useObjectUrl(reference);
  const resultRef = useRef<HTMLDivElement>(null);

  // ?prompt= pre-fills once and then leaves the address bar
  useEffect(() => {
    if (!params.has('prompt')) return;
    const next = new URLSearchParams(params);
    next.delete('prompt');
    setParams(next, { replace: true });
  }, [params, setParams]);

  const generate = useMutation({
    mutationFn: async (input: GenerateInput) => {
      void loadResultCard().catch(() => undefined);
      // the photo travels at the working size as JPEG (decision 115), not as the file the camera wrote
      const [photo, ref] = await Promise.all([
        preparePhoto(input.file, 'photo').catch(unreadable),
        input.reference ? preparePhoto(input.reference, 'reference').catch(unreadable) : undefined,
      ]);
      const [imageBase64, referenceBase64] = await Promise.all([blobToBase64(photo.blob), ref ? blobToBase64(ref.blob) : undefined]);
      const result = await studioApi
        .generate({
          imageBase64,
          imageType: photo.type,
          prompt: input.prompt,
          displayWidth: resultDisplayWidth(resultRef.current),
          ...(input.colourOnly ? { colourOnly: true } : {}),
          ...(ref && referenceBase64 ? { referenceBase64, referenceType: ref.type } : {}),
          // the region the person saw and fixed: the render paints it (decision 142)
          ...(input.corrections ? { corrections: input.corrections } : {}),
          ...(input.previewOf ? { previewOf: input.previewOf } : {}),
          ...(input.variations && input.variations > 1 ? { variations: input.variations } : {}),
        })
        .catch((err: unknown) => {
          // a body over the server's limit: the spec's words for a photo that is too large
          throw err instanceof ApiError && err.status === 413 ? new ApiError('invalid-argument', TOO_LARGE_PHOTO, 413) : err;
        });
      if (!result?.display && !result?.image) throw new ApiError('internal', MSG.noImageReturned, 200);
      return result;
    },
    onSuccess: (result, input) => {
      qc.setQueryData<Me | null>(ME_KEY, (m) => (m ? { ...m, credits: result.credits } : m));
      setShown({ result, prompt: input.prompt, beforeUrl: previewUrl ?? '' });
      setOpened(null);
      setView('result');
    },
  });

  const chooseFile = (f: File) => {
    const problem = photoProblem(f);
    setFileError(problem);
    setShown(null);
    generate.reset();
    setFile(problem ? null : f);
    setPreviewFor(problem ? null : f);
    if (!problem) void keepPhoto(me.id, f);
  };

  // a reload brings back the photo and its corrections, for this account and this tab's session only (decision 175)
  const { restore } = region;
  useEffect(() => {
    let cancelled = false;
    void keptPhoto(me.id).then((kept) => {
      if (cancelled || !kept) return;
      restore(kept.file, kept.corrections);
      setFile((f) => f ?? kept.file);
      setPreviewFor((f) => f ?? kept.file);
    });
    return () => {
      cancelled = true;
    };
  }, [me.id, restore]);
  const chooseReference = (f: File | null) => {
    const problem = f && photoProblem(f);
    setFileError(problem || null);
    setReference(problem ? null : f);
    if (f && !problem) void preparePhoto(f, 'reference').catch(() => undefined);
  };

  const askPro = useProLook(chooseReference);

  const trimmed = prompt.trim();
  // no surprise charge: a haircut the engine here cannot do is flagged before Generate, and a cut with a
  // colour needs "Apply the colour only" ticked for this very prompt (the server checks it again)
  const status = useEngineStatus();
  // the parser arrives with a photo or the first words: the first paint does not wait for it, and it is in
  // before the photo's hair region, which Generate waits for anyway
  const shopFor = (shown?.prompt ?? prompt).trim();
  const parser = usePromptParser(!!file || trimmed.length > 0 || shopFor.length > 0);
  const asked = useMemo(() => (parser && trimmed ? parser.parseHairPrompt(trimmed) : null), [parser, trimmed]);
  const reading = useMemo(() => (parser && asked ? parser.readRequest(asked, { reference: !!reference }) : null), [parser, asked, reference]);
  // the shop follows the shown result's words, which are the box's own until the person types again
  const shopColours = useMemo(
    () => (shopFor === trimmed ? (asked?.colourIds ?? []) : parser && shopFor ? parser.parseHairPrompt(shopFor).colourIds : []),
    [parser, shopFor, trimmed, asked],
  );
  const needsConsent = !!parser && !!asked && !status.shapes && parser.needsColourOnlyConsent(asked, !!reference);
  const cutOnly = !!parser && !!asked && !status.shapes && asked.cut.length > 0 && !parser.appliesColour(asked, !!reference);
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const colourOnly = needsConsent && confirmedFor === trimmed;
  // which path the prompt takes, said before Generate (issue 36); a cut may be drawn several ways at once
  const route = useMemo(() => (parser && asked ? parser.promptRoute(status, asked, !!reference) : null), [parser, status, asked, reference]);
  const paused = !!route?.paused;
  const canVary = route?.route === 'cut' && route.generative && !paused;
  const count = canVary ? variations : 1;
  // no render the person has not seen: Generate waits for the preview of this photo (issue 32)
  const regionReady = !!region.preview && !!region.matte;
  const canGenerate =
    !!file &&
    regionReady &&
    trimmed.length > 0 &&
    !!asked &&
    me.credits >= count * GENERATION_COST &&
    !generate.isPending &&
    !cutOnly &&
    !paused &&
    (!needsConsent || colourOnly);
  const blocker =
    me.credits <= 0 ? (
      <>
        You have no credits left.{' '}
        <Link to="/billing" className="font-semibold text-brand-700 underline">
          Buy Credits
        </Link>
      </>
    ) : !file ? (
      'Add a photo to start.'
    ) : !regionReady ? (
      region.error ? (
        'Your photo needs another look first: see the message under it.'
      ) : (
        'Finding your hair first: this takes a moment and is free.'
      )
    ) : !trimmed ? (
      'Describe the look you want.'
    ) : !asked ? (
      'Reading what you wrote…'
    ) : paused ? (
      'Try again tomorrow, or describe a colour.'
    ) : me.credits < count * GENERATION_COST ? (
      `${count} variations use ${creditsFor(count)} and you have ${creditWords(me.credits)}. Choose fewer.`
    ) : cutOnly ? (
      ENGINE_TEXT.cutOnlyNotice
    ) : needsConsent && !colourOnly ? (
      ENGINE_TEXT.confirmFirst
    ) : null;

  const { corrections, preview } = region;
  const run = useCallback(() => {
    if (!canGenerate || !file) return;
    setShown(null);
    generate.mutate({ file, prompt: trimmed, reference, colourOnly, corrections, previewOf: preview?.previewId, variations: count, cut: !!route?.generative });
    resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [canGenerate, file, generate, trimmed, reference, colourOnly, corrections, preview, count, route]);

  // live mode's "Render this in full quality": its frame becomes the photo and the shade the prompt, then the normal paid generation
  const renderLive = (photo: File, shadePrompt: string) => {
    chooseFile(photo);
    setPreviewFor(null);
    setPrompt(shadePrompt);
    generate.mutate({ file: photo, prompt: shadePrompt, reference: null, colourOnly: false });
    resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  };

  // Ctrl or Cmd + Enter generates from anywhere on the page
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        run();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [run]);

  const error = generate.error;
  const outOfCredits =
    error instanceof ApiError && error.code === 'resource-exhausted' && error.details && (error.details as { credits?: number }).credits !== undefined;

  return (
    <div className="min-h-screen bg-stone-50">
      <StudioHeader credits={me.credits} />
      <div className="mx-auto grid max-w-[1440px] grid-cols-1 gap-5 px-4 py-5 sm:px-6 lg:grid-cols-[300px_minmax(0,1fr)_300px] lg:py-8 xl:grid-cols-[340px_minmax(0,1fr)_320px]">
        <h1 className="sr-only">Studio</h1>
        <section aria-labelledby="photo-title" className="space-y-3 rounded-3xl bg-white p-5 ring-1 ring-stone-200 lg:self-start">
          <h2 id="photo-title" className="font-display text-lg font-semibold text-stone-900">
            Your photo
          </h2>
          <PhotoDrop
            file={file}
            previewUrl={previewUrl}
            onFile={chooseFile}
            label="Upload a photo"
            hint="Click or drop a JPEG, PNG or WebP, up to 10 MB"
            disabled={generate.isPending}
            compact={!!file && previewFor === file}
          />
          {fileError && <Notice tone="error">{fileError}</Notice>}
          {file && previewFor === file && (region.tiles || region.tilesError || regionReady) && (
            <Suspense fallback={null}>
              <RegionShadeGrid tiles={region.tiles} error={region.tilesError} onPick={setPrompt} />
            </Suspense>
          )}
          <LiveModeButton prompt={prompt} onPickPrompt={setPrompt} onRender={renderLive} className="w-full" />
          <ul className="space-y-1 text-xs text-stone-500">
            <li>Face the camera with your hair visible.</li>
            <li>Good light gives the most natural colour.</li>
            <li>Your photo is used only for your try-on.</li>
          </ul>
        </section>

        <div className="min-w-0 space-y-5">
          <section
            ref={resultRef}
            aria-labelledby="result-title"
            aria-busy={generate.isPending}
            className="scroll-mt-4 rounded-3xl bg-white p-5 ring-1 ring-stone-200 sm:p-6"
          >
            <h2 id="result-title" className="sr-only">
              Result
            </h2>
            {generate.isPending ? (
              <GeneratingProgress previewUrl={previewUrl} cut={!!generate.variables?.cut} count={generate.variables?.variations ?? 1} />
            ) : shown && view === 'result' ? (
              <div className="space-y-4">
                {shown.result.variations && (
                  // kept while one variation is open, so each tile remembers that it was saved
                  <div hidden={!!opened}>
                    <Suspense fallback={<p className="text-sm text-stone-600">Laying out your variations…</p>}>
                      <VariationGrid variations={shown.result.variations} prompt={shown.prompt} refunded={shown.result.refunded ?? 0} onOpen={setOpened} />
                    </Suspense>
                  </div>
                )}
                {(!shown.result.variations || opened) && <OpenedResult shown={shown} opened={opened} askPro={askPro} onBack={() => setOpened(null)} />}
                {file && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      setView('region');
                      setPreviewFor(file);
                    }}
                  >
                    Adjust the hair we colour
                  </Button>
                )}
              </div>
            ) : (
              <div className="space-y-4">
                {error && (
                  <Notice tone="error" title={generationError(error)}>
                    {outOfCredits ? (
                      <Link to="/billing" className="font-semibold underline">
                        Buy Credits
                      </Link>
                    ) : (
                      'Your credit was not used.'
                    )}
                  </Notice>
                )}
                {shown && (
                  <Button variant="secondary" size="sm" onClick={() => setView('result')}>
                    Back to your result
                  </Button>
                )}
                {file && previewFor === file ? (
                  <Suspense fallback={<p className="text-sm text-stone-600">Finding your hair…</p>}>
                    <HairRegionEditor
                      preview={region.preview}
                      photoUrl={sentUrl ?? previewUrl}
                      matte={region.matte}
                      loading={region.loading}
                      error={region.error}
                      onRetry={region.retry}
                      marks={region.marks.length}
                      onMark={region.mark}
                      onUndo={region.undo}
                      onReset={region.reset}
                      onPerson={region.choosePerson}
                    />
                  </Suspense>
                ) : (
                  !error && <EmptyResult hasPhoto={!!file} />
                )}
              </div>
            )}
          </section>
          <PromptCard
            prompt={prompt}
            onPrompt={setPrompt}
            reference={reference}
            referenceUrl={referenceUrl}
            onReference={chooseReference}
            canGenerate={canGenerate}
            generating={generate.isPending}
            onGenerate={run}
            blocker={generate.isPending ? null : blocker}
            options={canVary && <VariationsPicker value={variations} onChange={setVariations} credits={me.credits} />}
            generateLabel={count > 1 ? `Generate ${count} variations · ${creditsFor(count)}` : undefined}
            reading={
              <PromptReadingPanel
                reading={reading}
                typed={trimmed.length > 0}
                status={status}
                needsConsent={needsConsent}
                cutOnly={cutOnly}
                colourOnly={colourOnly}
                onColourOnly={(v) => setConfirmedFor(v ? trimmed : null)}
                route={route}
              />
            }
          />
        </div>

        <aside className="space-y-5" aria-label="Credits, products and recent creations">
          <CreditsCard credits={me.credits} />
          <ShopTheLook colourIds={shopColours} />
          <RecentCreations />
        </aside>
      </div>
    </div>
  );
}

/** The one result, or the variation opened from the grid with a way back to it. */
function OpenedResult({ shown, opened, askPro, onBack }: { shown: Shown; opened: string | null; askPro: ReturnType<typeof useProLook>; onBack(): void }) {
  const variation = opened ? shown.result.variations?.find((v) => v.generationId === opened) : undefined;
  const result = variation ? { ...variation, credits: shown.result.credits } : shown.result;
  return (
    <>
      {variation && (
        <Button variant="secondary" size="sm" onClick={onBack}>
          Back to all variations
        </Button>
      )}
      <Suspense fallback={<p className="text-sm text-stone-600">Opening your result…</p>}>
        <ResultCard key={result.generationId} result={result} prompt={shown.prompt} beforeUrl={shown.beforeUrl} askPro={askPro} />
      </Suspense>
    </>
  );
}

function EmptyResult({ hasPhoto }: { hasPhoto: boolean }) {
  const steps = [
    { n: 1, text: 'Upload a clear photo', done: hasPhoto },
    { n: 2, text: 'Describe a colour or technique', done: false },
    { n: 3, text: 'Generate, compare, save and shop', done: false },
  ];
  return (
    <div className="flex flex-col items-center justify-center rounded-2xl border-2 border-dashed border-stone-200 px-6 py-10 text-center sm:py-12">
      <p className="font-display text-2xl font-semibold text-stone-900">Your new look appears here</p>
      <p className="mt-2 max-w-sm text-sm text-stone-600">Drag the slider to compare it with your photo, then save, share or download it.</p>
      <ol className="mt-6 space-y-2 text-left text-sm">
        {steps.map((s) => (
          <li key={s.n} className="flex items-center gap-3">
            <span
              className={`flex h-6 w-6 items-center justify-center rounded-full text-xs font-bold ${s.done ? 'bg-emerald-600 text-white' : 'bg-stone-100 text-stone-600'}`}
            >
              {s.done ? '✓' : s.n}
            </span>
            <span className={s.done ? 'text-stone-500 line-through' : 'text-stone-800'}>{s.text}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
