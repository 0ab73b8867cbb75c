import { BookOpen, CreditCard, Images, LogOut, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@web/app/layout/logo';
import { useSignOut } from '@web/features/auth/public';

const LINK =
  'inline-flex flex-col items-center gap-0.5 whitespace-nowrap rounded-xl px-2 py-1.5 text-[11px] font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-950 sm:flex-row sm:gap-1.5 sm:rounded-full sm:px-3 sm:py-2 sm:text-sm';

/** Spec §2 studio header: My Creations, Style Library, Buy Credits, Sign out (the global header is hidden on /app). */
export function StudioHeader({ credits }: { credits: number }) {
  const signOut = useSignOut();
  return (
    <header className="border-b border-stone-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex max-w-[1440px] flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 sm:h-16 sm:flex-nowrap sm:px-6 sm:py-0">
        <Logo />
        <span className="hidden rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-stone-600 sm:inline">Studio</span>
        <Link
          to="/billing"
          className="ml-auto inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 lg:hidden"
          aria-label={`${credits} ${credits === 1 ? 'credit' : 'credits'}, buy more`}
        >
          <Sparkles className="h-4 w-4" aria-hidden />
          <span className="tabular-nums">{credits}</span>
        </Link>
        <nav aria-label="Studio" className="flex w-full items-center justify-around sm:mx-0 sm:ml-4 sm:w-auto lg:ml-auto sm:justify-end sm:gap-1">
          <Link to="/creations" className={LINK}>
            <Images className="h-4 w-4" aria-hidden />
            My Creations
          </Link>
          <Link to="/styles" className={LINK}>
            <BookOpen className="h-4 w-4" aria-hidden />
            Style Library
          </Link>
          <Link to="/billing" className={LINK}>
            <CreditCard className="h-4 w-4" aria-hidden />
            Buy Credits
          </Link>
          <button type="button" onClick={() => void signOut()} className={LINK}>
            <LogOut className="h-4 w-4" aria-hidden />
            Sign out
          </button>
        </nav>
      </div>
    </header>
  );
}
