import { Link } from 'react-router';
import { ROUTES } from '@shared/routes';
import { FOOTER_COLUMNS, FOOTER_LEGAL } from '@shared/site-links';
import { Logo } from './logo';

const SOCIAL = [
  {
    label: 'Instagram',
    path: 'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5Zm5 5a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm6-1.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z',
    handle: 'tress.studio',
  },
  { label: 'TikTok', path: 'M15 2c.4 2.6 2 4.3 4.5 4.6v3.2a8 8 0 0 1-4.4-1.4v6.4A6.2 6.2 0 1 1 8.9 8.6v3.3a3 3 0 1 0 2.9 3V2Z', handle: 'tress.studio' },
  {
    label: 'Pinterest',
    path: 'M12 2a10 10 0 0 0-3.6 19.3c-.1-.8-.2-2 0-2.9l1.2-5s-.3-.6-.3-1.5c0-1.4.8-2.4 1.8-2.4.9 0 1.3.6 1.3 1.4 0 .9-.5 2.2-.8 3.4-.2 1 .5 1.9 1.6 1.9 1.9 0 3.3-2 3.3-4.9 0-2.5-1.8-4.3-4.4-4.3-3 0-4.8 2.3-4.8 4.6 0 .9.4 1.9.8 2.4l.1.4-.3 1.2c0 .2-.2.3-.4.2-1.4-.7-2.2-2.7-2.2-4.3 0-3.5 2.6-6.8 7.4-6.8 3.9 0 6.9 2.8 6.9 6.5 0 3.9-2.4 7-5.8 7-1.1 0-2.2-.6-2.6-1.3l-.7 2.7c-.3 1-1 2.2-1.4 2.9A10 10 0 1 0 12 2Z',
    handle: 'tressstudio',
  },
];

export function Footer() {
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-stone-600">Try a new colour on your own photo, then find the professional who can make it real.</p>
          <ul className="mt-4 flex gap-3" aria-label="Social links">
            {SOCIAL.map((s) => (
              <li key={s.label}>
                <a
                  href={`${ROUTES.contact}#${s.label.toLowerCase()}`}
                  aria-label={`${s.label}: @${s.handle}`}
                  className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-stone-100 text-stone-700 hover:bg-brand-100 hover:text-brand-800"
                >
                  <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor" aria-hidden>
                    <path d={s.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {FOOTER_COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold text-stone-900">{col.title}</h2>
            <ul className="mt-3 space-y-2">
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-sm text-stone-600 hover:text-brand-800">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-stone-100">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-5 text-xs text-stone-500 sm:px-6">
          {/* a page drawn at build time (decision 184) says the build's year until it hydrates */}
          <p suppressHydrationWarning>© {new Date().getFullYear()} Tress. Prices in USD.</p>
          <div className="flex gap-4">
            {FOOTER_LEGAL.map((l) => (
              <Link key={l.to} to={l.to} className="hover:text-stone-800">
                {l.label}
              </Link>
            ))}
          </div>
        </div>
      </div>
    </footer>
  );
}
