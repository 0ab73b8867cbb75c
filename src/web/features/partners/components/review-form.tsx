import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LIMITS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { ReviewInputSchema } from '@shared/partners/schemas';
import { Button } from '@web/components/ui/button';
import { TextArea } from '@web/components/ui/field';
import { useToast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api';
import { partnerKeys, partnersApi } from '../api/partners-api';
import { StarInput } from './star-input';

/**
 * A signed-in person's own review: write, edit or delete it. Its own module, loaded only for someone signed in
 * (ReviewsSection), because it checks what is typed with the shared review schema, and zod with it (~25 KB)
 * would otherwise be in every visitor's first load of a profile (issue 37).
 */
export function ReviewForm({ partnerId, idOrSlug, existing }: { partnerId: string; idOrSlug: string; existing: { rating: number; comment: string } | null }) {
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [editing, setEditing] = useState(!existing);
  const [error, setError] = useState<string | null>(null);
  const qc = useQueryClient();
  const toast = useToast();
  useEffect(() => setError(null), [rating, comment]);
  const refresh = () =>
    Promise.all([qc.invalidateQueries({ queryKey: partnerKeys.reviews(partnerId) }), qc.invalidateQueries({ queryKey: partnerKeys.profile(idOrSlug) })]);
  const save = useMutation({
    mutationFn: () => partnersApi.saveReview(partnerId, ReviewInputSchema.parse({ rating, comment })),
    onSuccess: async () => {
      await refresh();
      toast(existing ? 'Review updated.' : 'Thanks for your review!');
    },
    onError: (e) => setError(e instanceof ApiError && e.code === 'invalid-argument' ? e.message : MSG.reviewSaveFailed),
  });
  const remove = useMutation({
    mutationFn: () => partnersApi.deleteReview(partnerId),
    onSuccess: async () => {
      await refresh();
      toast('Review deleted.', 'info');
    },
    onError: () => setError(MSG.reviewDeleteFailed),
  });
  if (existing && !editing) {
    return (
      <div className="mb-6 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
          Edit your review
        </Button>
        <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => window.confirm(MSG.reviewDeleteConfirm) && remove.mutate()}>
          {remove.isPending ? 'Deleting…' : 'Delete your review'}
        </Button>
        {error && (
          <p role="alert" className="w-full text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
    );
  }
  const parsed = ReviewInputSchema.safeParse({ rating, comment });
  return (
    <form
      className="mb-6 space-y-4 rounded-2xl bg-stone-50 p-4 sm:p-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.reviewSaveFailed);
        save.mutate();
      }}
    >
      <h3 className="font-semibold text-stone-900">{existing ? 'Edit your review' : 'Leave a review'}</h3>
      <StarInput value={rating} onChange={setRating} />
      <TextArea
        label="Your review"
        rows={3}
        value={comment}
        maxLength={LIMITS.reviewMax}
        onChange={(e) => setComment(e.target.value)}
        counter={`${comment.trim().length}/${LIMITS.reviewMax}`}
        placeholder="What did you have done, and how did it turn out?"
      />
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending || rating === 0}>
          {save.isPending ? 'Saving…' : existing ? 'Update review' : 'Post review'}
        </Button>
        {existing && (
          <Button variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
