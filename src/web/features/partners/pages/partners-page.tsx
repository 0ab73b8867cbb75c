import { Camera, Search, Sparkles, Star } from 'lucide-react';
import { Link } from 'react-router';
import { PRICING_FAQ } from '@shared/billing/faq';
import { ButtonLink } from '@web/components/ui/button';
import { usePageMeta } from '@web/components/ui/page-title';
import { useMe } from '@web/features/auth/public';
import { JoinForm } from '../components/join-form';
import { PartnerPlans } from '../components/partner-plans';

const STEPS = [
  {
    icon: Camera,
    title: 'Clients try the look first',
    body: 'People upload a selfie and see balayage, copper or platinum on their own hair before they book.',
  },
  {
    icon: Search,
    title: 'Then they look for who does it',
    body: 'The directory filters by the same techniques and colours, so a client who loved a copper balayage finds colourists who show one.',
  },
  {
    icon: Star,
    title: 'Your work and reviews close the deal',
    body: 'A portfolio of six tagged pictures, a Verified badge once we approve you, and star reviews from real clients.',
  },
];

/** /partners: the pitch to hair professionals, the two plans, the FAQ and every way in. */
export default function PartnersPage() {
  usePageMeta();
  const { me } = useMe();
  const pro = me?.professional;
  const cta = !me
    ? { to: '/partners/signup', label: 'Create your professional account' }
    : !pro?.isPartner
      ? { to: '#join', label: 'Join as a Professional' }
      : pro.active
        ? { to: '/partner/profile', label: 'Manage your listing' }
        : pro.subscribed
          ? { to: '/partner/profile', label: 'Complete your profile' }
          : { to: '/partners/subscribe', label: 'Choose your plan' };
  const faq = PRICING_FAQ.filter((f) => f.audience === 'partners');
  return (
    <div>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-50 via-white to-amber-50">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[1.2fr_1fr] lg:py-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
              <Sparkles className="h-4 w-4" aria-hidden />
              For hairdressers, colourists and barbers
            </p>
            <h1 className="mt-5 font-display text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl lg:text-6xl">
              Meet clients who already know the look they want.
            </h1>
            <p className="mt-5 max-w-xl text-lg text-stone-600">
              Tress clients try colours on their own photo, then search for a professional who does that look. List your business, show your work, and let them
              find you. No commissions, ever.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              {cta.to.startsWith('#') ? (
                <a
                  href={cta.to}
                  className="inline-flex items-center justify-center rounded-full bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800"
                >
                  {cta.label}
                </a>
              ) : (
                <ButtonLink to={cta.to} size="lg">
                  {cta.label}
                </ButtonLink>
              )}
              <ButtonLink to="/professionals" size="lg" variant="secondary">
                See the directory
              </ButtonLink>
            </div>
            {!me && (
              <p className="mt-5 text-sm text-stone-600">
                Already listed?{' '}
                <Link to="/partners/login" className="font-semibold text-brand-800 hover:underline">
                  Sign in (Professional)
                </Link>{' '}
                · Have an account?{' '}
                <Link to="/partners/subscribe" className="font-semibold text-brand-800 hover:underline">
                  Choose a plan
                </Link>
              </p>
            )}
          </div>
          {me && !pro?.isPartner ? (
            <div id="join" className="self-center rounded-3xl bg-white p-6 shadow-xl ring-1 ring-stone-200 sm:p-8">
              <h2 className="font-display text-2xl font-semibold text-stone-900">Join as a Professional</h2>
              <p className="mb-6 mt-1 text-sm text-stone-600">Use your account {me.email}: tell us who you are, then choose a plan.</p>
              <JoinForm defaultName={me.name} />
            </div>
          ) : (
            <ul className="grid content-center gap-4">
              {STEPS.map(({ icon: Icon, title, body }) => (
                <li key={title} className="flex gap-4 rounded-2xl bg-white/80 p-5 ring-1 ring-stone-200 backdrop-blur">
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                    <Icon className="h-5 w-5" aria-hidden />
                  </span>
                  <div>
                    <h2 className="font-semibold text-stone-900">{title}</h2>
                    <p className="mt-1 text-sm text-stone-600">{body}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section aria-labelledby="plans-heading" className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
        <h2 id="plans-heading" className="text-center font-display text-3xl font-semibold text-stone-900 sm:text-4xl">
          One flat price. Keep every booking.
        </h2>
        <p className="mx-auto mb-12 mt-3 max-w-2xl text-center text-stone-600">
          Both plans list you in the directory with your portfolio, reviews and client inquiries. Yearly members are featured above the search results.
        </p>
        <PartnerPlans ctaTo={me ? '/partners/subscribe' : '/partners/signup'} ctaLabel={me ? 'Choose this plan' : 'Get started'} />
      </section>

      <section aria-labelledby="faq-heading" className="bg-white py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <h2 id="faq-heading" className="mb-8 text-center font-display text-3xl font-semibold text-stone-900">
            Questions professionals ask
          </h2>
          <div className="divide-y divide-stone-200 rounded-3xl ring-1 ring-stone-200">
            {faq.map((f) => (
              <details key={f.question} className="group px-6 py-5">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-stone-900">
                  {f.question}
                  <span className="text-2xl leading-none text-stone-400 transition group-open:rotate-45" aria-hidden>
                    +
                  </span>
                </summary>
                <p className="mt-3 text-stone-600">{f.answer}</p>
              </details>
            ))}
          </div>
        </div>
      </section>
    </div>
  );
}
