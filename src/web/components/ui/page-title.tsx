import { useEffect } from 'react';
import { seoFor } from '@shared/seo';
import { useLocation } from 'react-router';

/** Sets the document title and description for client-side navigations (the server sets them on first load). */
export function usePageMeta(override?: { title?: string; description?: string }) {
  const { pathname } = useLocation();
  useEffect(() => {
    const base = seoFor(pathname);
    document.title = override?.title ?? base.title;
    const desc = override?.description ?? base.description;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    tag.content = desc;
  }, [pathname, override?.title, override?.description]);
}

/** A page's main heading; also sets the page meta. */
export function PageTitle({ children, sub, meta }: { children: string; sub?: string; meta?: { title?: string; description?: string } }) {
  usePageMeta(meta);
  return (
    <header className="mb-8">
      <h1 className="font-display text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{children}</h1>
      {sub && <p className="mt-2 max-w-2xl text-stone-600">{sub}</p>}
    </header>
  );
}
