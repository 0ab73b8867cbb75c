import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useMe, useSignOut } from '@web/features/auth/public';
import { ButtonLink } from '@web/components/ui/button';
import { AvatarMenu } from './avatar-menu';
import { CreditsBadge } from './credits-badge';
import { Logo } from './logo';
import { ACCOUNT_LINKS, professionalLinks, TOP_LINKS } from './nav-links';
import { ROUTES } from '@shared/routes';

const TOP = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 text-sm font-medium ${isActive ? 'text-brand-800' : 'text-stone-700 hover:text-stone-950'}`;
const MOBILE_ITEM = 'block rounded-xl px-3 py-3 text-base font-medium text-stone-800 hover:bg-stone-100';

export function Header() {
  const { me } = useMe();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const signOut = useSignOut();
  useEffect(() => setOpen(false), [location.pathname]);
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {TOP_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} className={TOP}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-3">
          {me && <CreditsBadge credits={me.credits} />}
          <div className="hidden items-center gap-3 md:flex">
            {me ? (
              <AvatarMenu me={me} />
            ) : (
              <>
                <Link to={ROUTES.partners} className="text-sm font-medium text-stone-700 hover:text-stone-950">
                  Join as a Professional
                </Link>
                <ButtonLink to={ROUTES.login} size="sm">
                  Sign in
                </ButtonLink>
              </>
            )}
          </div>
          <button
            type="button"
            className="rounded-full p-2 text-stone-700 hover:bg-stone-100 md:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X className="h-6 w-6" /> : <Menu className="h-6 w-6" />}
          </button>
        </div>
      </div>
      {open && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-stone-200 bg-white px-4 pb-6 pt-2 md:hidden">
          {TOP_LINKS.map((l) => (
            <Link key={l.to} to={l.to} className={MOBILE_ITEM}>
              {l.label}
            </Link>
          ))}
          <hr className="my-2 border-stone-100" />
          {me ? (
            <>
              <p className="truncate px-3 py-2 text-sm text-stone-500">
                {me.email} · <span className="tabular-nums">{me.credits}</span> {me.credits === 1 ? 'credit' : 'credits'}
              </p>
              {ACCOUNT_LINKS.map((l) => (
                <Link key={l.to} to={l.to} className={MOBILE_ITEM}>
                  {l.label}
                </Link>
              ))}
              <p className="px-3 pt-2 text-xs font-semibold uppercase tracking-wide text-stone-400">Professional</p>
              {professionalLinks(me.professional, me.id).map((l) => (
                <Link key={l.label} to={l.to} className={MOBILE_ITEM}>
                  {l.label}
                </Link>
              ))}
              <button type="button" className={`${MOBILE_ITEM} w-full text-left`} onClick={() => void signOut()}>
                Sign out
              </button>
            </>
          ) : (
            <>
              <Link to={ROUTES.partners} className={MOBILE_ITEM}>
                Join as a Professional
              </Link>
              <Link to={ROUTES.login} className={MOBILE_ITEM}>
                Sign in
              </Link>
            </>
          )}
        </nav>
      )}
    </header>
  );
}
