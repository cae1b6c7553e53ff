import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorStatus, errorText } from '../../app/api';
import { LIMITS } from '../../app/contracts';
import { useAuth } from '../../app/hooks';
import { Alert } from '../../components/Alert';
import { Field } from '../../components/Field';
import { NotFoundScreen } from '../../components/NotFoundScreen';
import { Spinner } from '../../components/Spinner';
import { CheckoutReceipt } from './CheckoutReceipt';
import { jobsApi, type CheckoutResponse } from './jobsApi';
import { checkoutState } from './shiftState';
import { PositionTitle, rateText } from './parts';
import { CheckoutDeadline, UnderReview } from './policy';
import { formatShiftDate, formatShiftHours } from '../../app/format';

const STARS = [1, 2, 3, 4, 5];

/** 1-5 stars as a radio group (default 5). */
function StarRating({
  value,
  onChange,
  legend,
}: {
  value: number;
  onChange: (v: number) => void;
  legend: string;
}) {
  const { t } = useTranslation('jobs');
  return (
    <fieldset className="stars">
      <legend>{legend}</legend>
      <div className="stars-row">
        {STARS.map((n) => (
          <label key={n} className={n <= value ? 'star star-on' : 'star'}>
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
    </fieldset>
  );
}

/** The chef's answer: worked (the default) or "I did not work this shift". */
function WorkedChoice({ worked, onChange }: { worked: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation('jobs');
  return (
    <fieldset className="radio-list">
      <legend>{t('checkout.workedLegend')}</legend>
      {[true, false].map((value) => (
        <label key={String(value)} className="check-row">
          <input type="radio" name="worked" checked={worked === value} onChange={() => onChange(value)} />
          {value ? t('checkout.worked') : t('checkout.notWorked')}
        </label>
      ))}
      {!worked && <p className="hint">{t('checkout.notWorkedHint')}</p>}
    </fieldset>
  );
}

/**
 * /checkout/{applicationId}: one side checks out of a filled shift after its start and rates the other.
 * Afterwards what happens to the money given the answers so far, from the server's answer, and a receipt
 * (CheckoutReceipt), which stays until the reader leaves it (issue 20: no timed redirect).
 */
export default function CheckoutPage() {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  const { applicationId = '' } = useParams();
  const { user } = useAuth();
  const query = jobsApi.useApplicationQuery(applicationId, { refetchOnMountOrArgChange: true });
  const [checkout, sending] = jobsApi.useCheckoutMutation();
  const [rating, setRating] = useState(5);
  const [workCompleted, setWorkCompleted] = useState(true);
  const [feedback, setFeedback] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CheckoutResponse | null>(null);

  if (query.isLoading) return <Spinner />;
  const app = query.data?.application;
  const job = app?.job_postings;
  if (!app || !job) {
    const status = errorStatus(query.error);
    if (query.error && status !== 404 && status !== 400 && status !== 403)
      return (
        <section className="page narrow">
          <Alert>{errorText(query.error, t('checkout.loadFailed'))}</Alert>
        </section>
      );
    return <NotFoundScreen title={t('checkout.notFound')} />;
  }
  const side = user?.user_type === 'restaurant' ? 'restaurant' : 'chef';
  if (result) return <CheckoutReceipt job={job} side={side} result={result} />;

  const state = checkoutState(side, job);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const res = await checkout({
      id: app.id,
      rating,
      workCompleted,
      feedback: feedback.trim() ? feedback.trim() : null,
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
            <div>
              <dt>{t('checkout.restaurant')}</dt>
              <dd>{job.restaurant_profiles.name}</dd>
            </div>
          )}
          {side === 'restaurant' && app.chef_profiles?.name && (
            <div>
              <dt>{t('checkout.chef')}</dt>
              <dd>{app.chef_profiles.name}</dd>
            </div>
          )}
          <div>
            <dt>{t('checkout.date')}</dt>
            <dd>{formatShiftDate(job.start_time, job.restaurant_profiles?.city)}</dd>
          </div>
          <div>
            <dt>{t('checkout.time')}</dt>
            <dd>{formatShiftHours(job.start_time, job.end_time, job.restaurant_profiles?.city)}</dd>
          </div>
          <div>
            <dt>{t('checkout.rate')}</dt>
            <dd>{rateText(job.hourly_rate, tc('perHour'))}</dd>
          </div>
        </dl>
      </div>
      <UnderReview job={job} />
      <CheckoutDeadline job={job} />
      {state === 'notYet' && <Alert tone="info">{t('checkout.notYet')}</Alert>}
      {state === 'waitingOther' && (
        <Alert tone="info">{side === 'chef' ? t('shifts.waitingRestaurant') : t('shifts.waitingChef')}</Alert>
      )}
      {state === 'checkout' && (
        <form className="card" onSubmit={(e) => void onSubmit(e)}>
          <StarRating
            value={rating}
            onChange={setRating}
            legend={t('checkout.rateOther', {
              name: other ?? (side === 'chef' ? t('checkout.theRestaurant') : t('checkout.theChef')),
            })}
          />
          {side === 'chef' && <WorkedChoice worked={workCompleted} onChange={setWorkCompleted} />}
          {side === 'restaurant' && (
            <label className="check-row">
              <input
                type="checkbox"
                checked={workCompleted}
                onChange={(e) => setWorkCompleted(e.target.checked)}
              />
              {t('checkout.workCompleted')}
            </label>
          )}
          <Field
            label={t('checkout.feedback')}
            hint={t('checkout.feedbackCount', { count: feedback.length, max: LIMITS.messageMax })}
          >
            {(p) => (
              <textarea
                {...p}
                rows={3}
                maxLength={LIMITS.messageMax}
                value={feedback}
                onChange={(e) => setFeedback(e.target.value)}
              />
            )}
          </Field>
          <Alert>{error}</Alert>
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
