import type { ReactNode } from 'react';
import { PageTitle } from '@web/components/ui/page-title';
import { Prose } from './prose';

/** The frame of the short company pages (about, contact, careers, privacy, terms). */
export function CompanyPage({ title, sub, updated, children }: { title: string; sub: string; updated?: string; children: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50/60 to-transparent">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <PageTitle sub={sub}>{title}</PageTitle>
        {updated && <p className="-mt-4 mb-6 text-sm text-stone-500">Last updated {updated}</p>}
        <Prose>{children}</Prose>
      </div>
    </div>
  );
}
