import { Link } from 'react-router';
import { postsByDate } from '@shared/content/blog-meta';
import { PageTitle } from '@web/components/ui/page-title';
import { ContentImage } from '../components/content-image';
import { formatDate } from '../components/prose';

/** Spec §2 /blog: the list of posts, newest first. */
export default function BlogPage() {
  const [lead, ...rest] = postsByDate();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <PageTitle sub="Practical guides from colourists and salon owners: choosing a shade, asking for it, and keeping it.">The Tress Blog</PageTitle>
      {lead && (
        <article className="group relative grid overflow-hidden rounded-3xl bg-white ring-1 ring-stone-200 lg:grid-cols-2">
          <ContentImage img={lead.img} alt={lead.imgAlt} sizes="(min-width: 1024px) 620px, 92vw" priority className="h-full" />
          <div className="flex flex-col justify-center p-6 sm:p-10">
            <p className="text-sm text-stone-600">
              <time dateTime={lead.publishDate}>{formatDate(lead.publishDate)}</time> · {lead.readingMinutes} min read
            </p>
            <h2 className="mt-2 font-display text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
              <Link to={`/blog/${lead.slug}`} className="after:absolute after:inset-0 hover:text-brand-800">
                {lead.title}
              </Link>
            </h2>
            <p className="mt-3 text-stone-700">{lead.excerpt}</p>
            <p className="mt-6 text-sm font-semibold text-stone-900">
              {lead.author} <span className="font-normal text-stone-600">· {lead.authorRole}</span>
            </p>
          </div>
        </article>
      )}
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {rest.map((p) => (
          <li key={p.slug}>
            <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl bg-white ring-1 ring-stone-200">
              <ContentImage img={p.img} alt={p.imgAlt} sizes="(min-width: 768px) 600px, 92vw" />
              <div className="flex flex-1 flex-col p-6">
                <p className="text-sm text-stone-600">
                  <time dateTime={p.publishDate}>{formatDate(p.publishDate)}</time> · {p.readingMinutes} min read
                </p>
                <h2 className="mt-2 font-display text-xl font-semibold text-stone-900">
                  <Link to={`/blog/${p.slug}`} className="after:absolute after:inset-0 hover:text-brand-800">
                    {p.title}
                  </Link>
                </h2>
                <p className="mt-2 flex-1 text-sm text-stone-700">{p.excerpt}</p>
                <p className="mt-4 text-sm font-semibold text-stone-900">{p.author}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
