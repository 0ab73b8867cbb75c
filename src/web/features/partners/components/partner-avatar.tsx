/** A professional's profile image, or their initial when there is none (or it fails to load). */
import { useState } from 'react';

export function PartnerAvatar({ url, name, className = 'h-14 w-14' }: { url: string | null; name: string; className?: string }) {
  const [broken, setBroken] = useState(false);
  if (url && !broken)
    return <img src={url} alt="" className={`${className} shrink-0 rounded-full object-cover ring-2 ring-white`} onError={() => setBroken(true)} />;
  return (
    <span
      className={`${className} inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-200 to-brand-700 font-display text-xl font-semibold text-white ring-2 ring-white`}
      aria-hidden
    >
      {name.trim().charAt(0).toUpperCase() || 'T'}
    </span>
  );
}
