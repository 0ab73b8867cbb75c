import type { Me } from '@shared/auth';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSignOut } from '@web/features/auth/public';
import { Avatar } from './avatar';
import { ACCOUNT_LINKS, professionalLinks } from './nav-links';

const ITEM = 'block rounded-lg px-3 py-2 text-sm text-stone-700 hover:bg-stone-100 focus:bg-stone-100';

export function AvatarMenu({ me }: { me: Me }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const signOut = useSignOut();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div className="relative" ref={ref}>
      <button type="button" aria-haspopup="menu" aria-expanded={open} aria-label="Account menu" onClick={() => setOpen((o) => !o)} className="rounded-full">
        <Avatar name={me.name} email={me.email} image={me.image} />
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-40 mt-2 w-64 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-stone-200">
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-stone-900">{me.email}</p>
            <p className="text-xs text-stone-500">
              <span className="tabular-nums">{me.credits}</span> {me.credits === 1 ? 'credit' : 'credits'}
            </p>
          </div>
          <hr className="my-1 border-stone-100" />
          {ACCOUNT_LINKS.map((l) => (
            <Link key={l.to} to={l.to} role="menuitem" className={ITEM}>
              {l.label}
            </Link>
          ))}
          <hr className="my-1 border-stone-100" />
          <p className="px-3 pt-1 text-xs font-semibold uppercase tracking-wide text-stone-400">Professional</p>
          {professionalLinks(me.professional, me.id).map((l) => (
            <Link key={l.label} to={l.to} role="menuitem" className={ITEM}>
              {l.label}
            </Link>
          ))}
          <hr className="my-1 border-stone-100" />
          <button type="button" role="menuitem" className={`${ITEM} w-full text-left`} onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
