import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { formatDuration, REVIEW_TEXT_MAX, type ReviewTag } from '../../shared/contracts';
import { useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { MissingScreen } from '../../shared/components/NotFoundScreen';
import { Spinner } from '../../shared/components/Spinner';
import { CheckoutReceipt } from './CheckoutReceipt';
import { jobsApi, type CheckoutResponse, type JobPosting } from './jobsApi';
import { checkoutOpensAt, checkoutState } from './shiftState';
import { PositionTitle, rateText } from './JobLabels';
import { CheckoutDeadline, UnderReview, useNow } from './policy';
import { formatShiftDate, formatShiftHours, formatShiftTime } from '../../shared/format';
import { Fact } from '../../shared/components/Facts';
import { TextAreaField } from '../../shared/components/TextAreaField';
import { ReviewTagsField } from '../reviews';

const STARS = [1, 2, 3, 4, 5];

/**
 * 1-5 stars as a radio group, nothing chosen until the reader taps a star (issue 32: a rating is a decision,
 * never a default). Arrow keys move between the stars; the focused star is outlined.
 */
function StarRating({
  value,
  onChange,
  legend,
  error,
}: {
  value: number | null;
  onChange: (v: number) => void;
  legend: string;
  error: string | null;
}) {
  const { t } = useTranslation('jobs');
  return (
    <fieldset className="stars" aria-describedby={error ? 'rating-error' : undefined}>
      <legend>{legend}</legend>
      <div className="stars-row">
        {STARS.map((n) => (
          <label key={n} className={value !== null && n <= value ? 'star star-on' : 'star'}>
            <input
              type="radio"
              name="rating"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="visually-hidden"
              aria-label={t('checkout.stars', { count: n })}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </div>
      {error && (
        <p id="rating-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Each side's answer, asked of both and chosen by neither in advance: worked, or not worked. */
function WorkedChoice({
  side,
  worked,
  onChange,
  error,
}: {
  side: 'chef' | 'restaurant';
  worked: boolean | null;
  onChange: (v: boolean) => void;
  error: string | null;
}) {
  const { t } = useTranslation('jobs');
  const keys =
    side === 'chef'
      ? { legend: 'checkout.workedLegend', yes: 'checkout.worked', no: 'checkout.notWorked' }
      : {
          legend: 'checkout.workedLegendRestaurant',
          yes: 'checkout.workedRestaurant',
          no: 'checkout.notWorkedRestaurant',
        };
  return (
    <fieldset className="radio-list" aria-describedby={error ? 'worked-error' : undefined}>
      <legend>{t(keys.legend)}</legend>
      {[true, false].map((value) => (
        <label key={String(value)} className="check-row">
          <input type="radio" name="worked" checked={worked === value} onChange={() => onChange(value)} />
          {value ? t(keys.yes) : t(keys.no)}
        </label>
      ))}
      {error && (
        <p id="worked-error" className="field-error">
          {error}
        </p>
      )}
      {worked === false && (
        <p className="hint">
          {side === 'chef' ? t('checkout.notWorkedHint') : t('checkout.notWorkedHintRestaurant')}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Issue 39, double-blind: the rating and words are a review the other side reads once both have written one,
 * or REVIEW_PUBLISH_AFTER after the shift (its length and date from the server's `review_publishes_at`).
 */
function ReviewNote({ job }: { job: JobPosting }) {
  const { t, i18n } = useTranslation('reviews');
  const at = job.review_publishes_at;
  if (!at) return <p className="hint">{t('checkoutNoteShort')}</p>;
  const language = i18n.language === 'es' ? 'es' : 'en';
  const after = formatDuration(Date.parse(at) - Date.parse(job.end_time), language);
  return (
    <p className="hint" data-testid="review-note">
      {t('checkoutNote', { after, date: formatShiftDate(at, job.restaurant_profiles?.city) })}
    </p>
  );
}

/**
 * /checkout/{applicationId}: one side checks out of a filled shift from its end (issue 32): it says whether the
 * shift was worked and, when it was, rates the other side. Nothing is chosen in advance; a missing answer is
 * named on submit. Afterwards what happens to the money given the answers so far, from the server's answer,
 * and a receipt (CheckoutReceipt), which stays until the reader leaves it (issue 20: no timed redirect).
 */
export default function CheckoutPage() {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  const { applicationId = '' } = useParams();
  const { user } = useAuth();
  const query = jobsApi.useApplicationQuery(applicationId, { refetchOnMountOrArgChange: true });
  const [checkout, sending] = jobsApi.useCheckoutMutation();
  const [rating, setRating] = useState<number | null>(null);
  const [workCompleted, setWorkCompleted] = useState<boolean | null>(null);
  const [feedback, setFeedback] = useState('');
  // issue 39: what went well, a restaurant's review of a chef who worked (none chosen in advance)
  const [tags, setTags] = useState<ReviewTag[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ worked: boolean; rating: boolean } | null>(null);
  const [result, setResult] = useState<CheckoutResponse | null>(null);
  // The form appears by itself when the shift ends (checkout opens then).
  const now = useNow();

  if (query.isLoading) return <Spinner />;
  const app = query.data?.application;
  const job = app?.job_postings;
  if (!app || !job) {
    return (
      <MissingScreen error={query.error} failed={t('checkout.loadFailed')} title={t('checkout.notFound')} />
    );
  }
  const side = user?.user_type === 'restaurant' ? 'restaurant' : 'chef';
  if (result) return <CheckoutReceipt job={job} side={side} result={result} applicationId={app.id} />;

  const state = checkoutState(side, job, now);
  // The work done is rated; work not done is not (the stars are hidden and nothing is sent).
  const rates = workCompleted !== false;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const lacking = { worked: workCompleted === null, rating: rates && rating === null };
    if (lacking.worked || lacking.rating) {
      setMissing(lacking);
      return;
    }
    setMissing(null);
    const res = await checkout({
      id: app.id,
      rating: workCompleted ? rating : null,
      workCompleted: workCompleted === true,
      feedback: feedback.trim() ? feedback.trim() : null,
      ...(side === 'restaurant' && workCompleted && tags.length > 0 ? { tags } : {}),
    });
    if (res.data) setResult(res.data);
    else setError(errorText(res.error, t('checkout.failed')));
  };
  const other = side === 'chef' ? job.restaurant_profiles?.name : app.chef_profiles?.name;

  return (
    <section className="page narrow">
      <h1>{t('checkout.title')}</h1>
      <div className="card">
        <h2 className="h-reset">
          <PositionTitle title={job.title ?? ''} urgent={job.emergency_level === 'urgent'} />
        </h2>
        <dl className="facts">
          {job.restaurant_profiles?.name && (
            <Fact label={t('checkout.restaurant')}>{job.restaurant_profiles.name}</Fact>
          )}
          {side === 'restaurant' && app.chef_profiles?.name && (
            <Fact label={t('checkout.chef')}>{app.chef_profiles.name}</Fact>
          )}
          <Fact label={t('checkout.date')}>
            {formatShiftDate(job.start_time, job.restaurant_profiles?.city)}
          </Fact>
          <Fact label={t('checkout.time')}>
            {formatShiftHours(job.start_time, job.end_time, job.restaurant_profiles?.city)}
          </Fact>
          <Fact label={t('checkout.rate')}>{rateText(job.hourly_rate, tc('perHour'))}</Fact>
        </dl>
      </div>
      <UnderReview job={job} />
      <CheckoutDeadline job={job} />
      {state === 'notYet' && (
        <Alert tone="info">
          {t('checkout.notYet', {
            time: formatShiftTime(checkoutOpensAt(job), job.restaurant_profiles?.city),
          })}
        </Alert>
      )}
      {state === 'waitingOther' && (
        <Alert tone="info">{side === 'chef' ? t('shifts.waitingRestaurant') : t('shifts.waitingChef')}</Alert>
      )}
      {state === 'checkout' && (
        <form className="card" noValidate onSubmit={(e) => void onSubmit(e)}>
          <WorkedChoice
            side={side}
            worked={workCompleted}
            onChange={(v) => {
              setWorkCompleted(v);
              if (missing) setMissing({ ...missing, worked: false });
            }}
            error={missing?.worked ? t('checkout.missingWorked') : null}
          />
          {rates && (
            <StarRating
              value={rating}
              onChange={(v) => {
                setRating(v);
                if (missing) setMissing({ ...missing, rating: false });
              }}
              legend={t('checkout.rateOther', {
                name: other ?? (side === 'chef' ? t('checkout.theRestaurant') : t('checkout.theChef')),
              })}
              error={missing?.rating ? t('checkout.missingRating') : null}
            />
          )}
          {rates && side === 'restaurant' && <ReviewTagsField value={tags} onChange={setTags} />}
          <TextAreaField
            label={t('checkout.feedback')}
            hint={t('checkout.feedbackCount', { count: feedback.length, max: REVIEW_TEXT_MAX })}
            rows={3}
            maxLength={REVIEW_TEXT_MAX}
            value={feedback}
            onChange={setFeedback}
          />
          {rates && <ReviewNote job={job} />}
          <Alert>{missing && (missing.worked || missing.rating) ? t('checkout.missing') : error}</Alert>
          <button type="submit" className="btn btn-large" disabled={sending.isLoading}>
            {sending.isLoading ? t('checkout.sending') : t('checkout.submit')}
          </button>
        </form>
      )}
      {state !== 'checkout' && (
        <Link to="/my-shifts" className="btn btn-secondary">
          {t('detail.toMyShifts')}
        </Link>
      )}
    </section>
  );
}
