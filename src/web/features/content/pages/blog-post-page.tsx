import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { postBySlug } from '@shared/content/blog';
import { MSG } from '@shared/messages';
import { ButtonLink } from '@web/components/ui/button';
import { PageTitle, usePageMeta } from '@web/components/ui/page-title';
import { ContentImage } from '../components/content-image';
import { Markdown } from '../components/markdown';
import { formatDate, Prose } from '../components/prose';

/** Spec §2 /blog/{slug}: the post; an unknown slug shows 'Post not found' with a back link. */
export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = postBySlug(slug);
  usePageMeta(post ? undefined : { title: `${MSG.postNotFound} — Tress` });
  if (!post) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
        <h1 className="font-display text-4xl font-semibold text-stone-900">{MSG.postNotFound}</h1>
        <p className="mt-3 text-stone-600">The post may have moved, or the link has a typo.</p>
        <ButtonLink to="/blog" variant="secondary" className="mt-8">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the blog
        </ButtonLink>
      </div>
    );
  }
  return (
    <article className="pb-16">
      <div className="mx-auto max-w-3xl px-4 pt-10 sm:px-6 sm:pt-14">
        <Link to="/blog" className="inline-flex items-center gap-1.5 text-sm font-semibold text-stone-700 hover:text-brand-800">
          <ArrowLeft className="h-4 w-4" aria-hidden /> All posts
        </Link>
        <div className="mt-6">
          <PageTitle>{post.title}</PageTitle>
        </div>
        <p className="-mt-4 text-stone-600">
          By <span className="font-semibold text-stone-900">{post.author}</span>, {post.authorRole} ·{' '}
          <time dateTime={post.publishDate}>{formatDate(post.publishDate)}</time> · {post.readingMinutes} min read
        </p>
      </div>
      <div className="mx-auto mt-8 max-w-5xl px-4 sm:px-6">
        <div className="overflow-hidden rounded-3xl ring-1 ring-stone-200">
          <ContentImage img={post.img} alt={post.imgAlt} sizes="(min-width: 1024px) 976px, 92vw" priority />
        </div>
      </div>
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <p className="mt-10 font-display text-xl leading-relaxed text-stone-800">{post.excerpt}</p>
        <Prose>
          <Markdown source={post.content} />
        </Prose>
        <aside className="mt-14 rounded-3xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:p-8">
          <h2 className="font-display text-xl font-semibold text-stone-900">Try it on your own photo</h2>
          <p className="mt-2 text-stone-700">Upload a selfie and describe the colour. Your first try-on is free.</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <ButtonLink to="/app">Open the studio</ButtonLink>
            <ButtonLink to="/styles" variant="secondary">
              Browse the Style Library
            </ButtonLink>
          </div>
        </aside>
      </div>
    </article>
  );
}
