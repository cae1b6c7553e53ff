import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorCode, errorText } from '../../shared/api';
import { formatCents, formatShiftDate } from '../../shared/format';
import { Alert } from '../../shared/components/Alert';
import type { JobPosting } from '../jobs';
import { jobPay } from '../../shared/money/figures';
import { editsApi, type RepeatJobResponse } from './editsApi';
import { chargedNow, lastSeriesDate, startOn, todayDate } from './seriesPolicy';
import { Fact } from '../../shared/components/Facts';

/** The dates a 400 JOBS.BAD_DATES names (its `dates`, when the answer carries them). */
function badDatesOf(error: unknown): string[] {
  const dates = (error as { data?: { dates?: unknown } } | undefined)?.data?.dates;
  return Array.isArray(dates) ? dates.filter((d): d is string => typeof d === 'string') : [];
}

/**
 * Book again: copies of the shift on the dates chosen, each the posting's own total; the dates within
 * SERIES_CHARGE_LEAD are charged now to the card on file, the later ones a week before each. Then
 * `POST /jobs/{id}/repeat`, and the shifts it made with what was charged.
 */
export function BookAgainPanel({ job, onClose }: { job: JobPosting; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  const [dates, setDates] = useState<string[]>(['']);
  const [error, setError] = useState<string | null>(null);
  const [bad, setBad] = useState<string[]>([]);
  const [done, setDone] = useState<RepeatJobResponse | null>(null);
  const [repeat, repeating] = editsApi.useRepeatJobMutation();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const city = job.restaurant_profiles?.city;
  const each = jobPay(job).totalCents;
  const min = todayDate();
  const max = lastSeriesDate();
  const chosen = dates.filter(Boolean);
  const unique = new Set(chosen).size === chosen.length;
  const now = chosen.filter((d) => chargedNow(startOn(d, job.start_time)));
  const later = chosen.length - now.length;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (chosen.length === 0 || !unique) return;
    setError(null);
    setBad([]);
    const res = await repeat({ id: job.id, dates: chosen });
    if (res.data) setDone(res.data);
    else {
      if (errorCode(res.error) === 'JOBS.BAD_DATES') setBad(badDatesOf(res.error));
      setError(errorText(res.error, t('again.failed')));
    }
  };

  if (done)
    return (
      <section className="card" aria-labelledby={titleId}>
        <h2 id={titleId} className="h-reset" tabIndex={-1} ref={heading}>
          {t('again.doneTitle')}
        </h2>
        <Alert tone="success">
          <span data-testid="again-charged">
            {t('again.charged', { amount: formatCents(done.total_cents) })}
            {done.later_total_cents > 0 &&
              ` ${t('again.chargedLater', { amount: formatCents(done.later_total_cents) })}`}
          </span>
        </Alert>
        <ul className="list">
          {done.jobs.map((j) => (
            <li key={j.id} className="list-item">
              <span>{formatShiftDate(j.start_time, city)}</span>
              <Link to={`/jobs/${j.id}`} className="btn btn-small btn-ghost">
                {t('again.viewShift', { date: formatShiftDate(j.start_time, city) })}
              </Link>
            </li>
          ))}
        </ul>
        {done.series && (
          <p>
            <Link to={`/series/${done.series.id}`}>{t('again.laterShifts')}</Link>
          </p>
        )}
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('again.close')}
        </button>
      </section>
    );

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="h-reset" tabIndex={-1} ref={heading}>
        {t('again.title')}
      </h2>
      <p className="hint">{t('again.intro')}</p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <ul className="plain-list again-dates">
          {dates.map((date, i) => {
            const label = t('again.dateLabel', { n: i + 1 });
            return (
              <li key={i} className="again-date">
                <label>
                  {label}
                  <input
                    type="date"
                    min={min}
                    max={max}
                    value={date}
                    aria-invalid={bad.includes(date) || undefined}
                    onChange={(e) => setDates((ds) => ds.map((d, k) => (k === i ? e.target.value : d)))}
                  />
                </label>
                {date && (
                  <span className="hint" data-testid="again-date-cost">
                    {formatCents(each)} ·{' '}
                    {chargedNow(startOn(date, job.start_time)) ? t('again.now') : t('again.later')}
                  </span>
                )}
                {bad.includes(date) && <span className="field-error">{t('again.badDate')}</span>}
                {dates.length > 1 && (
                  <button
                    type="button"
                    className="btn btn-small btn-ghost"
                    aria-label={t('again.removeNamed', { n: i + 1 })}
                    onClick={() => setDates((ds) => ds.filter((_, k) => k !== i))}
                  >
                    {t('again.remove')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          className="btn btn-small btn-secondary"
          onClick={() => setDates((ds) => [...ds, ''])}
        >
          {t('again.add')}
        </button>
        {!unique && <Alert>{t('again.twice')}</Alert>}
        {chosen.length > 0 && (
          <dl className="facts again-totals" data-testid="again-totals">
            <Fact label={t('again.nowTotal', { count: now.length })} testId="again-now">
              {formatCents(now.length * each)}
            </Fact>
            <Fact label={t('again.laterTotal', { count: later })} testId="again-later">
              {formatCents(later * each)}
            </Fact>
            <Fact
              label={t('again.total', { count: chosen.length })}
              className="total-row"
              testId="again-total"
            >
              {formatCents(chosen.length * each)}
            </Fact>
          </dl>
        )}
        {bad.length > 0 && (
          <p className="field-error" data-testid="again-bad-dates">
            {t('again.badDates', {
              dates: bad.map((d) => formatShiftDate(`${d}T12:00:00Z`, city)).join(', '),
            })}
          </p>
        )}
        <Alert>{error}</Alert>
        <div className="actions-row">
          <button
            type="submit"
            className="btn"
            disabled={chosen.length === 0 || !unique || repeating.isLoading}
          >
            {repeating.isLoading ? t('again.sending') : t('again.submit', { count: chosen.length })}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('again.close')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Book again on any of the restaurant's job pages: the button, then the panel in its place. */
export function BookAgain({ job }: { job: JobPosting }) {
  const { t } = useTranslation('jobs');
  const [open, setOpen] = useState(false);
  if (open) return <BookAgainPanel job={job} onClose={() => setOpen(false)} />;
  return (
    <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
      {t('again.button')}
    </button>
  );
}
