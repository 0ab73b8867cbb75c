import type { ReactNode } from 'react';

/** Typography for long text (blog posts, company pages), without a typography plugin. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="max-w-none text-[1.0625rem] leading-relaxed text-stone-700 [&_a]:font-semibold [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-2 [&_h2]:mt-12 [&_h2]:mb-4 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-stone-900 [&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-stone-900 [&_li]:mt-2 [&_ol]:my-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-5 [&_strong]:text-stone-900 [&_ul]:my-5 [&_ul]:list-disc [&_ul]:pl-6">
      {children}
    </div>
  );
}

export const formatDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
