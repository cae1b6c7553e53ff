import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { canJob } from '../../../shared/contracts';
import { LISTS_POLL_MS } from '../../../shared/shiftConstants';
import { Alert } from '../../../shared/components/Alert';
import { Spinner } from '../../../shared/components/Spinner';
import { moneyDecided, MoneyOutcome } from '../../../shared/money/outcome';
import { awaitingSettlement, SettlementNotice } from '../../payments';
import { cancellationLine } from '../CancellationFacts';
import { CancelShiftButton, CancelShiftPanel } from '../CancelShift';
import { jobsApi, type Application, type JobPosting } from '../jobsApi';
import { jobPay } from '../../../shared/money/figures';
import { JobStatusTag, SeatsCount, shiftWhen } from '../JobLabels';
import { CheckoutDeadline, UnderReview, useNow } from '../policy';
import { DisputeLink } from '../DisputePanel';
import { applicationLabel, byStart, restaurantCanCancel, stateOf } from '../shiftState';
import { Row, ShiftState, type Tab } from './ShiftRow';
import { BookedChefCard } from '../BookedChefCard';
import { editsApi, groupBySeries, seriesShapeOfJobs, useSeriesName } from '../../edits';
import { formatCents } from '../../../shared/format';

function RestaurantJobRow({ job, worker, now }: { job: JobPosting; worker?: Application; now: number }) {
  const { t } = useTranslation('jobs');
  const [cancelling, setCancelling] = useState(false);
  const when = shiftWhen(job.start_time, null, job.restaurant_profiles?.city);
  const waiting = job.pending_applications_count ?? 0;
  // the booked chef's card until the checkout deadline (the phone, inside its window, from the job's page)
  const showChef = !!worker && new Date(job.checkout_deadline).getTime() > now;
  return (
    <Row
      title={job.title}
      urgent={job.emergency_level === 'urgent'}
      lines={[
        shiftWhen(job.start_time, job.end_time, job.restaurant_profiles?.city),
        <>
          <JobStatusTag status={job.status} /> <SeatsCount seats={job.seats} side="restaurant" /> ·{' '}
          {t('shifts.total', { amount: formatCents(jobPay(job).totalCents) })}
          {!showChef && worker?.chef_profiles?.name && (
            <>
              {' '}
              · <bdi>{worker.chef_profiles.name}</bdi>
            </>
          )}
        </>,
        cancellationLine(job, 'restaurant', t),
        <CheckoutDeadline job={job} />,
        <UnderReview job={job} side="restaurant" />,
        <DisputeLink job={job} />,
        moneyDecided(job.money) && <MoneyOutcome money={job.money} side="restaurant" />,
        awaitingSettlement(job) && <SettlementNotice jobId={job.id} side="restaurant" />,
      ]}
      actions={
        <>
          {/* still to be paid: the lifecycle's way out of pending_payment / payment_failed is the escrow */}
          {canJob('escrowHeld', job.status) && (
            <Link to={`/payments/${job.id}`} className="btn btn-small">
              {t('shifts.pay')}
            </Link>
          )}
          {/* applicants waiting: a primary action; none waiting: a quiet link to the applicants */}
          {canJob('fill', job.status) && (
            <Link
              to={`/jobs/${job.id}/applications`}
              className={waiting > 0 ? 'btn btn-small' : 'btn btn-small btn-ghost'}
            >
              {waiting > 0 ? t('shifts.reviewCount', { count: waiting }) : t('detail.applicants')}
            </Link>
          )}
          <ShiftState side="restaurant" job={job} applicationId={worker?.id} now={now} />
          {restaurantCanCancel(job, now) && !cancelling && (
            <CancelShiftButton onOpen={() => setCancelling(true)} label={t('cancel.buttonNamed', { when })} />
          )}
          <Link
            to={`/jobs/${job.id}`}
            className="btn btn-small btn-ghost"
            aria-label={t('shifts.viewNamed', { when })}
          >
            {t('shifts.view')}
          </Link>
        </>
      }
      panel={cancelling && <CancelShiftPanel job={job} onClose={() => setCancelling(false)} />}
      footer={
        showChef && <BookedChefCard job={job} chef={worker.chef_profiles} chefId={worker.chef_id} compact />
      }
    />
  );
}

/** The restaurant's side of My Shifts: its jobs (with the cancel control), or the applications to them. */
export function RestaurantShifts({ tab }: { tab: Tab }) {
  const { t } = useTranslation('jobs');
  const now = useNow();
  const jobs = jobsApi.useJobsQuery(
    { status: 'all' },
    { pollingInterval: LISTS_POLL_MS, refetchOnMountOrArgChange: true },
  );
  const apps = jobsApi.useApplicationsQuery(undefined, {
    pollingInterval: LISTS_POLL_MS,
    refetchOnMountOrArgChange: true,
  });
  if (jobs.isLoading || apps.isLoading) return <Spinner />;
  if (jobs.isError || apps.isError)
    return <Alert>{errorText(jobs.error ?? apps.error, t('shifts.loadFailed'))}</Alert>;
  const applications = apps.data?.applications ?? [];
  if (tab === 'applications') {
    const list = [...applications].sort((a, b) => b.created_at.localeCompare(a.created_at));
    if (list.length === 0) return <p className="empty muted">{t('shifts.noApplicationsRestaurant')}</p>;
    return (
      <ul className="list">
        {list.map((a) => (
          <Row
            key={a.id}
            title={a.job_postings?.title ?? ''}
            urgent={a.job_postings?.emergency_level === 'urgent'}
            lines={[
              <>
                {a.chef_profiles?.name && (
                  <>
                    <bdi>{a.chef_profiles.name}</bdi> ·{' '}
                  </>
                )}
                {shiftWhen(
                  a.job_postings?.start_time,
                  a.job_postings?.end_time,
                  a.job_postings?.restaurant_profiles?.city,
                )}
              </>,
              t(applicationLabel(a, 'restaurant')),
            ]}
            actions={
              <Link
                to={`/jobs/${a.job_postings?.id ?? a.job_id}/applications`}
                className="btn btn-small btn-secondary"
              >
                {t('shifts.review')}
              </Link>
            }
          />
        ))}
      </ul>
    );
  }
  const list = [...(jobs.data?.jobs ?? [])].sort((a, b) => byStart(b.start_time, a.start_time));
  if (list.length === 0)
    return (
      <p className="empty muted">
        {t('shifts.noShiftsRestaurant')} <Link to="/jobs/post">{t('shifts.post')}</Link>
      </p>
    );
  const row = (job: JobPosting) => (
    <RestaurantJobRow
      key={job.id}
      job={job}
      now={now}
      worker={applications.find(
        (a) => (a.job_postings?.id ?? a.job_id) === job.id && stateOf(a) === 'confirmed',
      )}
    />
  );
  return (
    <ul className="list">
      {groupBySeries(list).map((group) =>
        group.kind === 'job' ? (
          row(group.job)
        ) : (
          <SeriesGroup key={`series-${group.seriesId}`} seriesId={group.seriesId} jobs={group.jobs}>
            {group.jobs.map(row)}
          </SeriesGroup>
        ),
      )}
    </ul>
  );
}

/** Issue 35: the shifts of one weekly series under its heading ("Every Fri until Feb 26"), linked to its page. */
function SeriesGroup({
  seriesId,
  jobs,
  children,
}: {
  seriesId: string;
  jobs: JobPosting[];
  children: ReactNode;
}) {
  const { t } = useTranslation('jobs');
  const list = editsApi.useSeriesListQuery();
  const name = useSeriesName();
  const series = list.data?.series.find((s) => s.id === seriesId);
  const headingId = `series-${seriesId}`;
  return (
    <li className="series-group" aria-labelledby={headingId}>
      <h2 id={headingId} className="series-heading">
        <Link to={`/series/${seriesId}`} data-testid="series-heading">
          {name(series ?? seriesShapeOfJobs(jobs))}
        </Link>{' '}
        <span className="hint">{t('series.shiftCount', { count: jobs.length })}</span>
      </h2>
      <ul className="list">{children}</ul>
    </li>
  );
}
