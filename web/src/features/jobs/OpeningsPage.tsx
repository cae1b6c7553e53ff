import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/api';
import { LISTS_POLL_MS } from '../../app/shiftConstants';
import { Alert } from '../../components/Alert';
import { Field } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { failureText } from '../auth/PhoneRequired';
import { ForType } from '../shell/Redirects';
import { BookedWarning } from './BookedWarning';
import { jobsApi, type JobPosting, type JobsResponse } from './jobsApi';
import { jobPay } from './money';
import {
  filterOpenings,
  hasFilters,
  NO_FILTERS,
  openingsQuery,
  SHIFT_TIMES,
  type OpeningsFilters,
} from './openingsFilters';
import { milesText, PositionTitle, rateText, shiftWhen } from './parts';
import { formatCents, formatHours } from '../../app/format';

function OpeningItem({ job, hasApplied }: { job: JobPosting; hasApplied: boolean }) {
  const { t, i18n } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  const [apply, applying] = jobsApi.useApplyMutation();
  const [error, setError] = useState<ReactNode>(null);
  const applied = hasApplied || applying.isSuccess;
  const onApply = async () => {
    setError(null);
    const res = await apply(job.id);
    if (res.error) setError(failureText(res.error, t('apply.failed')));
  };
  const pay = jobPay(job);
  const place = [
    job.restaurant_profiles?.name,
    job.restaurant_profiles?.city,
    typeof job.distance_miles === 'number' ? milesText(job.distance_miles, i18n.language, t) : null,
  ].filter(Boolean);
  return (
    <li className="list-item opening">
      <div>
        <p className="opening-pay">
          <span className="opening-total">{formatCents(pay.subtotalCents)}</span>{' '}
          <span className="opening-rate">
            {rateText(job.hourly_rate, tc('perHour'))} ·{' '}
            {t('openings.hours', { count: pay.hours, hours: formatHours(pay.hours) })}
          </span>
        </p>
        <h2 className="list-title h-reset">
          <PositionTitle title={job.title} urgent={job.emergency_level === 'urgent'} />
        </h2>
        <div className="hint opening-place">{place.join(' · ')}</div>
        <div className="hint">{shiftWhen(job.start_time, job.end_time, job.restaurant_profiles?.city)}</div>
        <BookedWarning job={job} />
        <Alert>{error}</Alert>
      </div>
      <div className="item-actions">
        {applied ? (
          <>
            <span className="tag tag-ok">{t('apply.applied')}</span>
            <Link to={`/messages?job=${job.id}`} className="btn btn-small btn-secondary">
              {t('apply.message')}
            </Link>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-small"
            disabled={applying.isLoading}
            onClick={() => void onApply()}
          >
            {t('apply.now')}
          </button>
        )}
        <Link
          to={`/jobs/${job.id}`}
          className="btn btn-small btn-secondary"
          aria-label={t('openings.viewDetailsOf', {
            title: tc(`positions.${job.title}`, { defaultValue: job.title }),
          })}
        >
          {t('openings.viewDetails')}
        </Link>
      </div>
    </li>
  );
}

/** Near me (the chef's travel radius, the server's default) or every open shift of the service area. */
type Area = 'me' | 'all';

function Openings() {
  const { t } = useTranslation('jobs');
  const [filters, setFilters] = useState<OpeningsFilters>(NO_FILTERS);
  const [area, setArea] = useState<Area>('me');
  const jobs = jobsApi.useJobsQuery(
    { ...openingsQuery(filters), ...(area === 'all' ? { near: 'all' as const } : {}) },
    {
      pollingInterval: LISTS_POLL_MS,
      skipPollingIfUnfocused: true,
      refetchOnMountOrArgChange: true,
    },
  );
  // The list is the same for every chef of one place and radius; which of its shifts this chef applied to
  // comes from their own applications (any status, as user_applied was), polled alongside.
  const applications = jobsApi.useApplicationsQuery(undefined, {
    pollingInterval: LISTS_POLL_MS,
    skipPollingIfUnfocused: true,
    refetchOnMountOrArgChange: true,
  });
  const appliedTo = useMemo(
    () => new Set((applications.data?.applications ?? []).map((a) => a.job_id)),
    [applications.data],
  );
  const list = filterOpenings(jobs.data?.jobs ?? [], filters);
  // The chef's area as the near-me list last said it (a near=all answer has none): the switch keeps its label.
  const [known, setKnown] = useState<JobsResponse['area']>(null);
  const answered = jobs.data?.area ?? null;
  if (answered && (answered.city !== known?.city || answered.radius_miles !== known?.radius_miles))
    setKnown(answered);
  const near = area === 'me' ? answered : null;
  const set = <K extends keyof OpeningsFilters>(key: K, value: OpeningsFilters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }));
  const nearLabel = known
    ? t('openings.nearMe', { radius: known.radius_miles, city: known.city })
    : t('openings.nearMeShort');

  return (
    <section className="page">
      <h1>{t('openings.title')}</h1>
      <div className="chips openings-area" role="group" aria-label={t('openings.area')}>
        {(['me', 'all'] as const).map((a) => (
          <button
            key={a}
            type="button"
            className={area === a ? 'chip chip-on' : 'chip'}
            aria-pressed={area === a}
            onClick={() => setArea(a)}
          >
            {a === 'me' ? nearLabel : t('openings.allCities')}
          </button>
        ))}
      </div>
      <form className="card filters" aria-label={t('openings.filters')} onSubmit={(e) => e.preventDefault()}>
        <div className="filter-grid">
          <Field label={t('openings.priority')}>
            {(p) => (
              <select
                {...p}
                value={filters.priority}
                onChange={(e) => set('priority', e.target.value as OpeningsFilters['priority'])}
              >
                <option value="">{t('openings.any')}</option>
                <option value="normal">{t('openings.priorityNormal')}</option>
                <option value="urgent">{t('openings.priorityUrgent')}</option>
              </select>
            )}
          </Field>
          <Field label={t('openings.minHourly')}>
            {(p) => (
              <input
                {...p}
                type="number"
                inputMode="decimal"
                min={0}
                step="1"
                value={filters.minHourly}
                onChange={(e) => set('minHourly', e.target.value)}
              />
            )}
          </Field>
          <Field label={t('openings.minFlat')}>
            {(p) => (
              <input
                {...p}
                type="number"
                inputMode="decimal"
                min={0}
                step="1"
                value={filters.minFlat}
                onChange={(e) => set('minFlat', e.target.value)}
              />
            )}
          </Field>
          <Field label={t('openings.date')}>
            {(p) => (
              <input {...p} type="date" value={filters.date} onChange={(e) => set('date', e.target.value)} />
            )}
          </Field>
          <Field label={t('openings.shiftTime')}>
            {(p) => (
              <select
                {...p}
                value={filters.shiftTime}
                onChange={(e) => set('shiftTime', e.target.value as OpeningsFilters['shiftTime'])}
              >
                <option value="">{t('openings.any')}</option>
                {SHIFT_TIMES.map((s) => (
                  <option key={s} value={s}>
                    {t(`openings.times.${s}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={!hasFilters(filters)}
          onClick={() => setFilters(NO_FILTERS)}
        >
          {t('openings.clear')}
        </button>
      </form>
      {jobs.isLoading ? (
        <Spinner />
      ) : jobs.isError ? (
        <Alert>{errorText(jobs.error, t('openings.loadFailed'))}</Alert>
      ) : list.length === 0 ? (
        <div className="empty muted card">
          <p>
            {hasFilters(filters)
              ? t('openings.noneFiltered')
              : near
                ? t('openings.noneNear', { radius: near.radius_miles, city: near.city })
                : t('openings.none')}
          </p>
          {area === 'me' && near && (
            <button type="button" className="btn btn-secondary" onClick={() => setArea('all')}>
              {t('openings.showAll')}
            </button>
          )}
        </div>
      ) : (
        <>
          <p className="hint" role="status">
            {t('openings.count', { count: list.length })}
          </p>
          <ul className="list card">
            {list.map((job) => (
              <OpeningItem key={job.id} job={job} hasApplied={appliedTo.has(job.id)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export default function OpeningsPage() {
  return (
    <ForType type="chef" fallback="dashboard">
      <Openings />
    </ForType>
  );
}
