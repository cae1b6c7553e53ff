import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { REVIEW_HIDE_REASON_MAX } from '../../shared/contracts';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { TextAreaField } from '../../shared/components/TextAreaField';
import { reviewsApi, ReviewTags, Stars, type OpsReview } from '../reviews';
import { formatDateTime } from './OpsPage';

/** Hide a review that breaks the rules: a reason, then hidden (audited; both sides are texted). */
function HideReview({ review }: { review: OpsReview }) {
  const { t } = useTranslation('ops');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [hide, result] = reviewsApi.useHideReviewMutation();
  if (!open)
    return (
      <button type="button" className="btn btn-small btn-danger" onClick={() => setOpen(true)}>
        {t('reviews.hide')}
      </button>
    );
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setProblem(t('reviews.reasonRequired'));
    setProblem(null);
    const res = await hide({ reviewId: review.id, reason: reason.trim() });
    if (res.error) setProblem(errorText(res.error, t('reviews.hideFailed')));
  };
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <p className="hint">{t('reviews.hideHint')}</p>
      <TextAreaField
        label={t('reviews.reason')}
        rows={2}
        maxLength={REVIEW_HIDE_REASON_MAX}
        value={reason}
        onChange={setReason}
      />
      <Alert>{problem}</Alert>
      <div className="actions-row">
        <button type="submit" className="btn btn-small btn-danger" disabled={result.isLoading}>
          {t('reviews.hideConfirm')}
        </button>
        <button type="button" className="btn btn-small btn-secondary" onClick={() => setOpen(false)}>
          {t('user.cancel')}
        </button>
      </div>
    </form>
  );
}

/** One review as the console reads it: both sides, its state, the words as written, and Hide. */
function OpsReviewRow({ review, userId }: { review: OpsReview; userId: string }) {
  const { t } = useTranslation('ops');
  const wrote = review.author_id === userId;
  return (
    <li className="review card" data-testid="ops-review">
      <p className="review-head">
        <Stars rating={review.rating} />{' '}
        {t(wrote ? 'reviews.wroteAbout' : 'reviews.writtenBy', {
          name: (wrote ? review.subject_name : review.author_name) ?? t('unnamed'),
        })}
        {' · '}
        <Link to={`/ops/jobs/${review.job_id}`}>{review.job_title}</Link>
      </p>
      <p className="hint" data-testid="ops-review-status">
        {review.status === 'hidden'
          ? t('reviews.hiddenAt', {
              at: formatDateTime(review.hidden_at),
              reason: review.hidden_reason ?? '',
            })
          : review.status === 'published'
            ? t('reviews.publishedAt', { at: formatDateTime(review.published_at) })
            : t('reviews.pendingUntil', { at: formatDateTime(review.publishes_at) })}
      </p>
      {review.text && (
        <p className="pre-wrap" lang={review.language} dir="auto">
          {review.text}
        </p>
      )}
      <ReviewTags tags={review.tags} />
      {review.reply_text && (
        <p className="pre-wrap hint" dir="auto">
          {t('reviews.reply', { text: review.reply_text })}
        </p>
      )}
      {review.status !== 'hidden' && <HideReview review={review} />}
    </li>
  );
}

/** /ops/users/:userId: the reviews the user wrote and the ones about them, in every state (issue 39). */
export function UserReviews({ userId }: { userId: string }) {
  const { t } = useTranslation('ops');
  const query = reviewsApi.useOpsReviewsQuery(userId);
  const reviews = query.data?.reviews ?? [];
  return (
    <section className="card" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t('reviews.title')}</h2>
      {query.error ? (
        <Alert>{errorText(query.error, t('loadFailed'))}</Alert>
      ) : query.isLoading ? null : reviews.length === 0 ? (
        <p className="muted">{t('reviews.none')}</p>
      ) : (
        <ul className="list-plain reviews">
          {reviews.map((r) => (
            <OpsReviewRow key={r.id} review={r} userId={userId} />
          ))}
        </ul>
      )}
    </section>
  );
}
