import { Link } from 'react-router';
import { ROUTES } from '@shared/routes';

export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link to={ROUTES.home} className={`flex items-center gap-2 font-display text-xl font-semibold text-brand-800 ${className}`} aria-label="Tress home">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      Tress
    </Link>
  );
}
