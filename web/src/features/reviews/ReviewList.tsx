import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { REVIEW_REPLY_MAX } from '../../shared/contracts';
import { errorStatus, errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { TextAreaField } from '../../shared/components/TextAreaField';
import { useTranslatedText } from '../../shared/components/TranslatedText';
import { formatDate } from '../../shared/format';
import { reviewsApi, type Review, type ReviewedKind } from './reviewsApi';

/** 1-5 stars as a picture with its words ("4 of 5 stars"). */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('reviews');
  return (
    <span className="review-stars" role="img" aria-label={t('stars', { rating })}>
      {'★'.repeat(rating)}
      <span className="review-stars-off">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

/** A restaurant's tags about a chef, in the reader's language. */
export function ReviewTags({ tags }: { tags: readonly string[] }) {
  const { t } = useTranslation('reviews');
  if (tags.length === 0) return null;
  return (
    <ul className="tags" aria-label={t('tagsLabel')}>
      {tags.map((tag) => (
        <li key={tag} className="tag">
          {t(`tags.${tag}`, { defaultValue: tag })}
        </li>
      ))}
    </ul>
  );
}

/** Words someone wrote, in the reader's language when translated ("Translated from Spanish · Show original"). */
function Words({
  text,
  original,
  language,
  translated,
  mine,
  testId,
}: {
  text: string;
  original: string;
  language: string | null;
  translated: boolean;
  mine?: boolean;
  testId: string;
}) {
  const shown = useTranslatedText({
    original,
    originalLanguage: language,
    translation: translated ? text : null,
    mine,
  });
  return (
    <>
      {/* dir="auto": what someone wrote keeps its own direction and cannot reorder the page around it */}
      <p className="pre-wrap review-text" lang={shown.lang} dir="auto" data-testid={testId}>
        {shown.text}
      </p>
      {shown.mark && <p className="hint">{shown.mark}</p>}
    </>
  );
}

/** The side reviewed answers once (at most 500 characters); the server refuses a second reply. */
function ReplyForm({ review }: { review: Review }) {
  const { t } = useTranslation('reviews');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [reply, result] = reviewsApi.useReplyToReviewMutation();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setProblem(t('replyEmpty'));
    setProblem(null);
    const res = await reply({ reviewId: review.id, text: text.trim() });
    if (res.error) setProblem(errorText(res.error, t('replyFailed')));
    else setText('');
  };
  return (
    <form className="review-reply-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <TextAreaField
        label={t('replyLabel')}
        hint={t('replyHint', { count: text.length, max: REVIEW_REPLY_MAX })}
        rows={2}
        maxLength={REVIEW_REPLY_MAX}
        value={text}
        onChange={setText}
      />
      <Alert>{problem}</Alert>
      <button type="submit" className="btn btn-small" disabled={result.isLoading}>
        {result.isLoading ? t('replySending') : t('replySend')}
      </button>
    </form>
  );
}

/** One published review: stars, who and when, the words, the tags, the reply (or, to the side reviewed, the form). */
export function ReviewItem({ review, mine }: { review: Review; mine?: boolean }) {
  const { t } = useTranslation('reviews');
  const author = review.author_name ?? (review.author_side === 'restaurant' ? t('aRestaurant') : t('aChef'));
  return (
    <li className="review" data-testid="review">
      <p className="review-head">
        <Stars rating={review.rating} /> <bdi className="review-author">{author}</bdi>
        <span className="muted"> · {formatDate(review.published_at)}</span>
      </p>
      {review.text !== null && (
        <Words
          text={review.text}
          original={review.original_text ?? review.text}
          language={review.original_language}
          translated={review.was_translated}
          testId="review-text"
        />
      )}
      <ReviewTags tags={review.tags} />
      {review.reply ? (
        <div className="review-reply">
          <p className="review-reply-label">{mine ? t('yourReply') : t('reply')}</p>
          <Words
            text={review.reply.text}
            original={review.reply.original_text}
            language={review.reply.original_language}
            translated={review.reply.was_translated}
            mine={mine}
            testId="review-reply"
          />
        </div>
      ) : (
        mine && <ReplyForm review={review} />
      )}
    </li>
  );
}

/**
 * A profile's published reviews, newest first (issue 39), in the reader's language with "Show original". `mine`:
 * the reader's own profile (a reply form under each review not yet answered). `compact`: the newest few on an
 * applicant card, with a link to all of them on the profile.
 */
export function ProfileReviews({
  kind,
  id,
  mine,
  compact,
  profileLink,
}: {
  kind: ReviewedKind;
  id: string;
  mine?: boolean;
  compact?: boolean;
  /** where all the reviews are (compact only) */
  profileLink?: string;
}) {
  const { t } = useTranslation('reviews');
  const query = reviewsApi.useReviewsQuery({ kind, id, ...(compact ? { limit: 2 } : {}) });
  const reviews = query.data?.reviews ?? [];
  const total = query.data?.total ?? 0;
  // A profile jobs has not heard of yet (just made) has no reviews: its 404 reads as none.
  const failed = query.error && errorStatus(query.error) !== 404;
  const body = query.isLoading ? null : failed ? (
    <Alert>{errorText(query.error, t('loadFailed'))}</Alert>
  ) : reviews.length === 0 ? (
    compact ? null : (
      <p className="muted">{t('none')}</p>
    )
  ) : (
    <ul className="list-plain reviews">
      {reviews.map((r) => (
        <ReviewItem key={r.id} review={r} mine={mine} />
      ))}
    </ul>
  );
  if (compact) {
    if (reviews.length === 0) return null;
    return (
      <div className="reviews-compact">
        <p className="hint">{t('latest', { count: total })}</p>
        {body}
        {profileLink && total > reviews.length && <Link to={profileLink}>{t('all', { count: total })}</Link>}
      </div>
    );
  }
  return (
    <section className="card" aria-labelledby={`reviews-${id}`}>
      <h2 id={`reviews-${id}`}>{t('title')}</h2>
      {total > 0 && <p className="hint">{t('count', { count: total })}</p>}
      {body}
    </section>
  );
}
