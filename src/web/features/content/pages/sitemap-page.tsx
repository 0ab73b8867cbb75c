import { Link } from 'react-router';
import { BLOG_META } from '@shared/content/blog-meta';
import { pathTo } from '@shared/routes';
import { SITEMAP_GROUPS } from '@shared/site-links';
import { PageTitle } from '@web/components/ui/page-title';

export default function SitemapPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <PageTitle sub="Every public page of Tress in one place.">Sitemap</PageTitle>
      <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
        {SITEMAP_GROUPS.map((g) => (
          <nav key={g.title} aria-label={`Sitemap: ${g.title}`}>
            <h2 className="font-display text-lg font-semibold text-stone-900">{g.title}</h2>
            <ul className="mt-3 space-y-2">
              {g.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-stone-700 hover:text-brand-800 hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <nav aria-label="Blog posts" className="mt-12">
        <h2 className="font-display text-lg font-semibold text-stone-900">Blog posts</h2>
        <ul className="mt-3 space-y-2">
          {BLOG_META.map((p) => (
            <li key={p.slug}>
              <Link to={pathTo('blogPost', { slug: p.slug })} className="text-stone-700 hover:text-brand-800 hover:underline">
                {p.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
