import { ArrowRight, Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { studioLink } from '@shared/content/styles';
import { HERO_SIZES } from '@shared/seo';
import { ButtonLink } from '@web/components/ui/button';
import { isReturningVisitor, useMe } from '@web/features/auth/public';
import { LiveModeButton } from '@web/features/live/public';
import { ContentImage } from '../content-image';

const IDEAS = ['copper balayage', 'honey blonde highlights', 'silver to lavender ombre', 'cherry cola'];

export function Hero() {
  const { me } = useMe();
  const navigate = useNavigate();
  const [prompt, setPrompt] = useState('');
  // A signed-out visitor goes to the account form first (sign-in if this browser has an account),
  // then lands in the studio with the prompt they typed.
  const tryOn = (idea: string) => {
    const to = studioLink(idea);
    if (me) navigate(to);
    else navigate(isReturningVisitor() ? '/login' : '/login?mode=signup', { state: { from: to } });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    tryOn(prompt.trim() || IDEAS[0]);
  };
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-[#fdf6f1] to-stone-50 pt-24 pb-16 sm:pt-32 sm:pb-24"
    >
      <div aria-hidden className="pointer-events-none absolute -right-40 -top-40 h-[34rem] w-[34rem] rounded-full bg-brand-100/60 blur-3xl" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-[1.1fr_0.9fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-xs font-semibold text-brand-800 ring-1 ring-brand-100">
            <Sparkles className="h-3.5 w-3.5" aria-hidden /> Colour try-on on your own photo
          </p>
          <h1 id="hero-title" className="mt-5 font-display text-4xl leading-[1.05] font-semibold tracking-tight text-stone-900 sm:text-6xl">
            See the colour on <em className="text-brand-700 not-italic">your</em> hair before you book.
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-stone-700">
            Upload a selfie and describe a colour in plain words. Tress recolours your own hair, from all-over copper to balayage, highlights and ombré, keeping
            its texture and shine, so you can walk into the salon knowing what you want.
          </p>
          <form
            onSubmit={submit}
            className="mt-8 flex max-w-xl flex-col gap-2 rounded-3xl bg-white p-2 shadow-lg shadow-brand-900/5 ring-1 ring-stone-200 sm:flex-row"
          >
            <label htmlFor="hero-prompt" className="sr-only">
              Describe a colour to try
            </label>
            <input
              id="hero-prompt"
              value={prompt}
              onChange={(e) => setPrompt(e.target.value)}
              placeholder={`Try “${IDEAS[0]}”`}
              className="min-w-0 flex-1 rounded-2xl px-4 py-3 text-base text-stone-900 placeholder:text-stone-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            />
            <button
              type="submit"
              className="inline-flex items-center justify-center gap-2 rounded-2xl bg-stone-900 px-5 py-3 text-sm font-semibold text-white hover:bg-stone-800"
            >
              Try it <ArrowRight className="h-4 w-4" aria-hidden />
            </button>
          </form>
          <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-3">
            <ButtonLink to={me ? '/app' : '/login?mode=signup'} size="lg">
              {me ? 'Open the studio' : 'Start for Free'}
            </ButtonLink>
            <LiveModeButton />
            <p className="text-sm text-stone-600">No credit card needed to begin.</p>
          </div>
          <ul className="mt-8 flex flex-wrap gap-2" aria-label="Ideas to try">
            {IDEAS.slice(1).map((idea) => (
              <li key={idea}>
                <button
                  type="button"
                  onClick={() => tryOn(idea)}
                  className="rounded-full bg-white/70 px-3 py-1.5 text-sm text-stone-700 ring-1 ring-stone-200 hover:bg-white hover:text-stone-950"
                >
                  {idea}
                </button>
              </li>
            ))}
          </ul>
        </div>
        <figure className="relative mx-auto w-full max-w-sm lg:max-w-md">
          <div className="overflow-hidden rounded-[2rem] shadow-2xl shadow-brand-900/15 ring-1 ring-black/5">
            <ContentImage
              img="/img/site/hero"
              alt="Illustrated portrait split in two: dark brown hair on the left, copper balayage on the right"
              sizes={HERO_SIZES}
              priority
            />
          </div>
          <figcaption className="pointer-events-none absolute inset-x-0 bottom-0 flex justify-between p-4 text-xs font-semibold">
            <span className="rounded-full bg-white/90 px-3 py-1 text-stone-800 shadow-sm">Before</span>
            <span className="rounded-full bg-stone-900/85 px-3 py-1 text-white shadow-sm">Copper balayage</span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
