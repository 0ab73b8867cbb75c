import { Camera, Check, Clock, Heart, MessageSquareText, Palette, Scissors, ShieldCheck, ShoppingBag, Sparkles, Wand2 } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '@web/components/ui/button';
import { useMe } from '@web/features/auth/public';
import { useEngineStatus } from '@web/features/studio/public';
import { Reveal } from '../reveal';

const eyebrow = 'text-sm font-semibold tracking-wide text-brand-700 uppercase';
const h2 = 'mt-2 font-display text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl';

/**
 * The spec's press band, kept honest: we have no press coverage yet, so the band names the open
 * technology the product really runs on, set in type (no logos reproduced; docs/decisions/067).
 */
const PRESS = [
  { name: 'MediaPipe hair model', cls: 'font-display italic font-semibold' },
  { name: 'LiteRT', cls: 'font-sans font-black tracking-[0.3em]' },
  { name: 'PostgreSQL', cls: 'font-display font-semibold' },
  { name: 'OKLab colour', cls: 'font-sans font-semibold tracking-tight' },
  { name: 'React', cls: 'font-display font-bold tracking-widest' },
];

export function Press() {
  return (
    <Reveal labelledBy="press-title" className="bg-white py-10">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="press-title" className="text-center text-xs font-semibold tracking-[0.2em] text-stone-500 uppercase">
          Built on open technology
        </h2>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-4 text-xl text-stone-500 sm:gap-x-14">
          {PRESS.map((p) => (
            <li key={p.name} className={p.cls}>
              {p.name}
            </li>
          ))}
        </ul>
      </div>
    </Reveal>
  );
}

const WHY = [
  { icon: Heart, title: 'No more colour regret', text: 'See the shade against your own skin, eyes and brows before anything touches your hair.' },
  {
    icon: MessageSquareText,
    title: 'Say it the way you would to a friend',
    text: '“Soft copper”, “honey balayage”, “silver to lavender ombré”: plain words are enough.',
  },
  { icon: Palette, title: 'Your texture stays yours', text: 'The recolour follows each strand’s light and shade, so waves, curls and shine look real.' },
  {
    icon: ShieldCheck,
    title: 'Private by default',
    text: 'Colour try-ons run on our own servers, no outside AI. Results stay in your account until you delete them.',
  },
];

export function WhyTry() {
  return (
    <Reveal labelledBy="why-title" className="bg-stone-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className={eyebrow}>Why try it first</p>
          <h2 id="why-title" className={h2}>
            A new colour is a big decision. Make it with a picture of you.
          </h2>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {WHY.map((w) => (
            <li key={w.title} className="rounded-3xl bg-white p-6 ring-1 ring-stone-200">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                <w.icon className="h-5 w-5" aria-hidden />
              </span>
              <h3 className="mt-4 font-semibold text-stone-900">{w.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-stone-600">{w.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </Reveal>
  );
}

const TOOLS = [
  {
    icon: Palette,
    title: 'Hair Colour Changer',
    badge: 'Built in',
    text: 'All-over colour, highlights, lowlights, balayage, ombré, dip-dye and money pieces, applied to your own hair, keeping its texture and shine.',
    to: '/app?prompt=copper%20balayage',
    cta: 'Change my colour',
  },
  {
    icon: Scissors,
    title: 'Hairstyle Generator',
    badge: 'Cut and colour',
    text: 'Bobs, pixies, curls, fades and fringes on your own photo: the generative engine draws the cut, Tress paints the colour, and your face stays yours.',
    to: '/styles',
    cta: 'Browse cuts',
  },
  {
    icon: ShoppingBag,
    title: 'Shop the Look',
    badge: 'Curated',
    text: 'Glosses, toners, extensions and growth treatments matched to the colour you tried, so it lasts once it is real.',
    to: '/shop',
    cta: 'Open the shop',
  },
];

/** Where no generative engine runs (GET /api/engine), the cut card says so and offers the colour of a cut style instead (issue 32). */
const COLOUR_ONLY_CUTS = {
  badge: 'Not on this site yet',
  text: 'New cuts need a generative engine, which this site does not run yet. You can still try the colour of any cut style on your own hair.',
  cta: 'Try the colours of cut styles',
};

export function Tools() {
  const engine = useEngineStatus();
  const tools = TOOLS.map((t) => (t.icon === Scissors && !engine.shapes ? { ...t, ...COLOUR_ONLY_CUTS } : t));
  return (
    <Reveal labelledBy="tools-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className={eyebrow}>Trending tools</p>
          <h2 id="tools-title" className={h2}>
            Three ways to find your next look
          </h2>
        </div>
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {tools.map((t) => (
            <li key={t.title} className="flex flex-col rounded-3xl bg-gradient-to-b from-stone-50 to-white p-7 ring-1 ring-stone-200">
              <div className="flex items-center justify-between">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-stone-900 text-white">
                  <t.icon className="h-5 w-5" aria-hidden />
                </span>
                <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800 ring-1 ring-brand-100">{t.badge}</span>
              </div>
              <h3 className="mt-5 font-display text-xl font-semibold text-stone-900">{t.title}</h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-stone-600">{t.text}</p>
              <Link to={t.to} className="mt-6 text-sm font-semibold text-brand-800 hover:underline">
                {t.cta} →
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </Reveal>
  );
}

const STEPS = [
  { icon: Camera, title: 'Upload', text: 'A selfie in daylight, hair visible, face to the camera. PNG, JPEG or WebP.' },
  { icon: Wand2, title: 'Describe', text: 'Type the colour or technique, or pick one from the Style Library.' },
  { icon: ShoppingBag, title: 'Generate and shop', text: 'See the result in seconds, save it, then shop the products or find a professional.' },
];

export function HowItWorks() {
  return (
    <Reveal labelledBy="how-title" className="bg-stone-900 py-20 text-white sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <p className="text-sm font-semibold tracking-wide text-brand-300 uppercase">How it works</p>
        <h2 id="how-title" className="mt-2 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
          Three steps, about a minute
        </h2>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-3xl bg-white/5 p-7 ring-1 ring-white/10">
              <div className="flex items-center gap-3">
                <span className="font-display text-4xl font-semibold text-brand-300">{i + 1}</span>
                <s.icon className="h-5 w-5 text-stone-300" aria-hidden />
              </div>
              <h3 className="mt-4 text-lg font-semibold">{s.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-stone-300">{s.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </Reveal>
  );
}

const QUOTES = [
  {
    quote: 'I had been “thinking about copper” for two years. Seeing it on my own face took ten seconds and I booked the same afternoon.',
    name: 'Priya S.',
    role: 'Tried Copper Glow',
    tint: 'bg-amber-100 text-amber-900',
  },
  {
    quote: 'Clients arrive with a picture of themselves in the colour. Consultations are shorter and nobody is surprised at the basin.',
    name: 'Marco D.',
    role: 'Colourist, listed on Tress',
    tint: 'bg-emerald-100 text-emerald-900',
  },
  {
    quote: 'I tried silver, then salt and pepper. Went with the second, and my barber knew exactly what I meant.',
    name: 'Tom W.',
    role: 'Tried Salt & Pepper',
    tint: 'bg-sky-100 text-sky-900',
  },
];

export function Testimonials() {
  return (
    <Reveal labelledBy="quotes-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <p className={eyebrow}>Testimonials</p>
        <h2 id="quotes-title" className={h2}>
          From people who tried first
        </h2>
        <p className="mt-3 text-sm text-stone-600">
          Illustrative quotes written by the Tress team to show how people use the studio; consented customer quotes will replace them. Reviews of professionals
          in the directory are left by signed-in clients.
        </p>
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {QUOTES.map((q) => (
            <li key={q.name}>
              <figure className="flex h-full flex-col rounded-3xl bg-stone-50 p-7 ring-1 ring-stone-200">
                <div className="flex gap-0.5 text-amber-500" aria-label="5 out of 5 stars" role="img">
                  {'★★★★★'}
                </div>
                <blockquote className="mt-4 flex-1 text-stone-800">“{q.quote}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span className={`inline-flex h-10 w-10 items-center justify-center rounded-full text-sm font-bold ${q.tint}`} aria-hidden>
                    {q.name[0]}
                  </span>
                  <span>
                    <span className="block text-sm font-semibold text-stone-900">{q.name}</span>
                    <span className="block text-xs text-stone-600">{q.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </Reveal>
  );
}

export function ProCta() {
  return (
    <Reveal labelledBy="pro-title" className="bg-stone-50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="grid items-center gap-10 overflow-hidden rounded-[2rem] bg-gradient-to-br from-brand-800 to-brand-900 p-8 text-white sm:p-12 lg:grid-cols-[1.4fr_1fr]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">For professionals</p>
            <h2 id="pro-title" className="mt-2 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
              Hairdresser, colourist or barber? Get found by clients who already know the look.
            </h2>
            <p className="mt-4 max-w-xl text-brand-100">
              A verified profile with your portfolio, services and reviews in the Tress directory. Monthly or yearly, no commission on bookings.
            </p>
          </div>
          <div className="flex flex-col gap-3">
            <ul className="space-y-2 text-sm text-brand-50">
              {[
                'Directory profile and search visibility',
                'Portfolio of up to 6 images',
                'Star reviews from signed-in clients',
                'Client inquiries straight to your inbox',
              ].map((f) => (
                <li key={f} className="flex items-center gap-2">
                  <Check className="h-4 w-4 shrink-0 text-brand-200" aria-hidden /> {f}
                </li>
              ))}
            </ul>
            <ButtonLink to="/partners" variant="secondary" size="lg" className="mt-4">
              List your business
            </ButtonLink>
          </div>
        </div>
      </div>
    </Reveal>
  );
}

const FAQ = [
  {
    q: 'Is Tress free?',
    a: 'Every new account gets one free credit, with no card needed. After that, credit packs start at $4.99 for 10 try-ons. Credits never expire.',
  },
  {
    q: 'What can I try on?',
    a: 'Colour: all-over shades, highlights, lowlights, balayage, ombré, dip-dye, root shadows and money pieces. It finds your hair, recolours it and leaves your face and background untouched.',
  },
  {
    q: 'Can it give me a new haircut?',
    a: 'Cuts, fringes, curls and other changes of shape are not offered everywhere yet. Where they are not, Tress applies the colour part of your prompt and tells you exactly what it did.',
  },
  {
    q: 'What happens to my photo?',
    a: 'Colour try-ons run on Tress’s own servers, not an outside AI service. Your uploads and results stay in your account until you delete them. See the privacy page for details.',
  },
  { q: 'How long does a try-on take?', a: 'Usually a few seconds for a colour. A new cut, where it is offered, takes longer.' },
  {
    q: 'How do I find someone to do it for real?',
    a: 'Save your result and open Find Professionals: search by city, service or technique, compare portfolios and reviews, and send an inquiry.',
  },
];

export function Faq() {
  return (
    <Reveal labelledBy="faq-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_1.6fr]">
        <div>
          <p className={eyebrow}>FAQ</p>
          <h2 id="faq-title" className={h2}>
            Questions, answered
          </h2>
          <p className="mt-4 text-stone-600">
            Something else?{' '}
            <Link to="/contact" className="font-semibold text-brand-800 underline">
              Contact us
            </Link>
            .
          </p>
        </div>
        <div className="divide-y divide-stone-200 rounded-3xl ring-1 ring-stone-200">
          {FAQ.map((f) => (
            <details key={f.q} className="group p-5 sm:p-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-stone-900">
                {f.q}
                <span aria-hidden className="text-xl text-stone-400 transition group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="mt-3 text-sm leading-relaxed text-stone-600">{f.a}</p>
            </details>
          ))}
        </div>
      </div>
    </Reveal>
  );
}

export function FinalCta() {
  const { me } = useMe();
  return (
    <Reveal labelledBy="final-title" className="relative overflow-hidden bg-gradient-to-b from-stone-50 to-brand-50 py-20 sm:py-28">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <Sparkles className="mx-auto h-8 w-8 text-brand-600" aria-hidden />
        <h2 id="final-title" className="mt-4 font-display text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">
          Your next colour is one photo away
        </h2>
        <p className="mt-4 text-lg text-stone-700">Upload a selfie, say the shade, see it on you.</p>
        <div className="mt-8 flex flex-col items-center gap-3">
          <ButtonLink to={me ? '/app' : '/login?mode=signup'} size="lg">
            {me ? 'Open the studio' : 'Start for Free'}
          </ButtonLink>
          <p className="flex items-center gap-1.5 text-sm text-stone-600">
            <Clock className="h-4 w-4" aria-hidden /> No credit card needed to begin.
          </p>
        </div>
      </div>
    </Reveal>
  );
}
