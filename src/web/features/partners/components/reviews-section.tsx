import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MSG } from '@shared/messages';
import type { PublicProfile } from '@shared/partners/views';
import { Button } from '@web/components/ui/button';
import { TextArea } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { useToast } from '@web/components/ui/toast';
import { useMe } from '@web/features/auth/public';
import { ApiError } from '@web/lib/api';
import { partnerKeys, partnersApi } from '../api/partners-api';
import { useReviews } from '../hooks/use-professional';
import { RatingBadge, Stars } from './rating';

const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));

const dateFmt = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** Reviews newest first, streamed live; the signed-in visitor writes, edits or deletes their own. */
export function ReviewsSection({ partner, idOrSlug }: { partner: PublicProfile; idOrSlug: string }) {
  const { me } = useMe();
  const reviews = useReviews(partner.id);
  const mine = reviews.data?.find((r) => r.reviewerId === me?.id);
  const others = reviews.data?.filter((r) => r.reviewerId !== me?.id) ?? [];
  const location = useLocation();
  return (
    <section aria-labelledby="reviews-heading" className="rounded-3xl bg-white p-6 ring-1 ring-stone-200 sm:p-8">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-heading" className="font-display text-2xl font-semibold text-stone-900">
          Reviews
        </h2>
        <RatingBadge average={partner.averageRating} count={partner.ratingCount} size="md" />
      </div>
      {!me ? (
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-stone-50 px-4 py-3 text-sm text-stone-700">
          <span>{MSG.reviewSignIn}</span>
          <Link to="/login" state={{ from: location.pathname }} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
            Sign in
          </Link>
        </div>
      ) : me.id !== partner.id ? (
        <Suspense fallback={null}>
          <ReviewForm key={mine?.updatedAt ?? 'new'} partnerId={partner.id} idOrSlug={idOrSlug} existing={mine ?? null} />
        </Suspense>
      ) : null}
      {reviews.isError && <Notice tone="warning">Couldn’t load reviews. They will appear when the connection is back.</Notice>}
      {reviews.data && reviews.data.length === 0 && <p className="py-6 text-center text-stone-600">{MSG.noReviews}</p>}
      <ul className="divide-y divide-stone-100">
        {(mine ? [mine, ...others] : others).map((r) => (
          <li key={r.id} className="py-5">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-stone-900">
                {r.reviewerName}
                {r.reviewerId === me?.id && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">Your review</span>}
              </p>
              <time className="text-sm text-stone-500" dateTime={r.createdAt}>
                {dateFmt.format(new Date(r.createdAt))}
                {r.updatedAt !== r.createdAt && ' · edited'}
              </time>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Stars value={r.rating} />
              {r.verified && (
                <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
                  <BadgeCheck className="h-3.5 w-3.5" aria-hidden />
                  Verified booking
                </span>
              )}
            </div>
            <p className="mt-2 whitespace-pre-line text-stone-700">{r.comment}</p>
            {r.reply ? (
              <div className="mt-3 rounded-2xl border-l-4 border-brand-200 bg-stone-50 px-4 py-3">
                <p className="text-xs font-semibold text-stone-500">
                  Answer from {partner.businessName} · <time dateTime={r.reply.at}>{dateFmt.format(new Date(r.reply.at))}</time>
                </p>
                <p className="mt-1 whitespace-pre-line text-sm text-stone-700">{r.reply.text}</p>
              </div>
            ) : (
              // a former customer's review (decision 154) has no reviewer left to key an answer by
              me?.id === partner.id && r.reviewerId && <ReplyForm partnerId={partner.id} reviewerId={r.reviewerId} reviewerName={r.reviewerName} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The professional's one public answer to a review: it cannot be changed afterwards, so it is confirmed first. */
function ReplyForm({ partnerId, reviewerId, reviewerName }: { partnerId: string; reviewerId: string; reviewerName: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const qc = useQueryClient();
  const toast = useToast();
  const reply = useMutation({
    mutationFn: () => partnersApi.replyToReview(reviewerId, text),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: partnerKeys.reviews(partnerId) });
      toast('Your answer is published.');
    },
  });
  if (!open)
    return (
      <Button variant="ghost" size="sm" className="mt-2" onClick={() => setOpen(true)}>
        Answer publicly
      </Button>
    );
  return (
    <form
      className="mt-3 space-y-2 rounded-2xl bg-stone-50 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (window.confirm('Publish this answer? You can answer each review once, and everyone can read it.')) reply.mutate();
      }}
    >
      <TextArea
        label={`Your public answer to ${reviewerName}`}
        rows={3}
        maxLength={1000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        counter={`${text.trim().length}/1000`}
      />
      {reply.isError && (
        <p role="alert" className="text-sm text-red-600">
          {reply.error instanceof ApiError ? reply.error.message : 'Couldn’t publish your answer. Please try again.'}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={reply.isPending || text.trim().length < 2}>
          {reply.isPending ? 'Publishing…' : 'Publish answer'}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
