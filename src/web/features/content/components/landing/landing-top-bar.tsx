import { Link } from 'react-router';
import { ButtonLink } from '@web/components/ui/button';
import { Logo } from '@web/app/layout/logo';
import { useMe } from '@web/features/auth/public';

const LINKS = [
  { to: '/styles', label: 'Style Library' },
  { to: '/professionals', label: 'Professionals' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/blog', label: 'Blog' },
];

/** The landing's own top bar (the global header is hidden on /): logo, a few links, Sign in / Start for Free or Dashboard. */
export function LandingTopBar() {
  const { me, loading } = useMe();
  return (
    <div className="absolute inset-x-0 top-0 z-20">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:h-20 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 lg:flex">
          {LINKS.map((l) => (
            <Link key={l.to} to={l.to} className="rounded-full px-3 py-2 text-sm font-medium text-stone-700 hover:bg-white/60 hover:text-stone-950">
              {l.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 sm:gap-3" aria-busy={loading}>
          {me ? (
            <ButtonLink to="/app" size="sm">
              Dashboard
            </ButtonLink>
          ) : (
            <>
              <Link to="/login" className="rounded-full px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-white/60">
                Sign in
              </Link>
              <ButtonLink to="/login?mode=signup" size="sm">
                Start for Free
              </ButtonLink>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
