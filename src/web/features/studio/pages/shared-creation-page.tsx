import { useQuery } from '@tanstack/react-query';
import { Wand2 } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '@web/components/ui/button';
import { LoadingScreen } from '@web/components/ui/loading-screen';
import { usePageMeta } from '@web/components/ui/page-title';
import { studioApi } from '../api/studio-api';
import { CompareSlider } from '../components/compare-slider';

/** /c/{token}: a shared look anyone with the link can see, with a way to try it on their own photo. */
export default function SharedCreationPage() {
  const { token = '' } = useParams();
  const q = useQuery({ queryKey: ['shared', token], queryFn: ({ signal }) => studioApi.shared(token, signal), retry: false });
  const look = q.data ? (q.data.applied ?? q.data.prompt) : undefined;
  usePageMeta(
    look
      ? { title: `${look} — a look tried on with Tress`, description: `“${q.data!.prompt}”, tried on a real photo with Tress.` }
      : { title: 'Shared look — Tress' },
  );
  if (q.isPending) return <LoadingScreen />;
  if (q.isError || !q.data) {
    return (
      <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="font-display text-3xl font-semibold text-stone-900">This look is no longer shared</h1>
        <p className="text-stone-600">The link may have been turned off by its owner. You can still try any colour on your own photo.</p>
        <ButtonLink to="/app">Try the studio</ButtonLink>
      </div>
    );
  }
  const c = q.data;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] md:items-center md:py-16">
      <div className="mx-auto w-full max-w-xl">
        {c.inputUrl ? (
          <CompareSlider before={c.inputUrl} after={c.outputUrl} alt={look ?? c.prompt} />
        ) : (
          <img src={c.outputUrl} alt={look ?? c.prompt} className="mx-auto max-h-[75vh] w-auto max-w-full rounded-2xl bg-stone-100" />
        )}
      </div>
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">A look tried on with Tress</p>
        <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight text-stone-900">{look}</h1>
        <p className="mt-3 text-lg text-stone-600">“{c.prompt}”</p>
        {c.inputUrl && <p className="mt-2 text-sm text-stone-500">Drag the slider to compare the original photo with the new colour.</p>}
        <ButtonLink to={`/app?prompt=${encodeURIComponent(c.prompt)}`} size="lg" className="mt-8">
          <Wand2 className="h-5 w-5" aria-hidden />
          Try this style
        </ButtonLink>
        <p className="mt-4 text-sm text-stone-500">
          New here? Your first look is free.{' '}
          <Link to="/pricing" className="font-semibold text-brand-700 underline">
            See pricing
          </Link>
        </p>
      </div>
    </div>
  );
}
