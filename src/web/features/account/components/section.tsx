import type { ReactNode } from 'react';

/** One card of the account page: a heading, a line saying what it does, and its form. */
export function Section({
  id,
  title,
  sub,
  children,
  tone = 'plain',
}: {
  id: string;
  title: string;
  sub: string;
  children: ReactNode;
  tone?: 'plain' | 'danger';
}) {
  return (
    <section aria-labelledby={id} className={`rounded-3xl bg-white p-6 shadow-sm ring-1 sm:p-8 ${tone === 'danger' ? 'ring-red-200' : 'ring-stone-200'}`}>
      <h2 id={id} className="font-display text-xl font-semibold text-stone-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{sub}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}
