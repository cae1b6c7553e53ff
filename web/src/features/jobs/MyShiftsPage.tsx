import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/api';
import { LISTS_POLL_MS } from '../../app/shiftConstants';
import { useAuth } from '../../app/hooks';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { jobsApi, type Application, type JobPosting } from './jobsApi';
import { formatCents, jobPay } from './money';
import { JobStatusTag, PositionTitle, shiftWhen } from './parts';
import { awaitingSettlement, SettlementNotice } from '../payments/SettlementNotice';
import { byStart, checkoutState } from './shiftState';

type Tab = 'shifts' | 'applications';

function ShiftState({
  side,
  job,
  applicationId,
}: {
  side: 'chef' | 'restaurant';
  job: Partial<JobPosting>;
  applicationId?: string;
}) {
  const { t } = useTranslation('jobs');
  const state = checkoutState(side, job);
  if (!state) return null;
  if (state === 'checkout' && applicationId)
    return (
      <Link to={`/checkout/${applicationId}`} className="btn btn-small">
        {side === 'chef' ? t('shifts.completeShift') : t('shifts.completeCheckout')}
      </Link>
    );
  if (state === 'checkout') return null;
  const text =
    state === 'waitingOther'
      ? t(side === 'chef' ? 'shifts.waitingRestaurant' : 'shifts.waitingChef')
      : t(`shifts.state.${state}`);
  return <span className={`tag tag-${state}`}>{text}</span>;
}

function Row({
  title,
  urgent,
  lines,
  actions,
  error,
}: {
  title: string;
  urgent?: boolean;
  lines: ReactNode[];
  actions: ReactNode;
  error?: string | null;
}) {
  return (
    <li className="list-item">
      <div>
        <h3 className="list-title h-reset">
          <PositionTitle title={title} urgent={urgent} />
        </h3>
        {lines.filter(Boolean).map((l, i) => (
          <div key={i} className="hint">
            {l}
          </div>
        ))}
        <Alert>{error ?? null}</Alert>
      </div>
      <div className="item-actions">{actions}</div>
    </li>
  );
}

function ChefApplicationRow({ app, view }: { app: Application; view: Tab }) {
  const { t } = useTranslation('jobs');
  const job = app.job_postings;
  const [confirm, confirming] = jobsApi.useConfirmApplicationMutation();
  const [cancel, cancelling] = jobsApi.useCancelApplicationMutation();
  const [error, setError] = useState<string | null>(null);
  const awaiting = app.status === 'accepted' && app.worker_confirmed === null;
  const cancellable = app.status === 'pending' || awaiting;
  const busy = confirming.isLoading || cancelling.isLoading;
  const onConfirm = async (confirmed: boolean) => {
    setError(null);
    const res = await confirm({ id: app.id, confirmed });
    if (res.error) setError(errorText(res.error, t('shifts.confirmFailed')));
  };
  const onCancel = async () => {
    setError(null);
    const res = await cancel(app.id);
    if (res.error) setError(errorText(res.error, t('shifts.cancelFailed')));
  };
  const statusText =
    app.status === 'accepted'
      ? app.worker_confirmed === true
        ? t('applicationStatus.confirmed')
        : app.worker_confirmed === false
          ? t('applicationStatus.declined')
          : t('applicationStatus.acceptedAwaitingYou')
      : t(`applicationStatus.${app.status}`, { defaultValue: app.status });
  return (
    <Row
      title={job?.title ?? ''}
      urgent={job?.emergency_level === 'urgent'}
      error={error}
      lines={[
        [job?.restaurant_profiles?.name, shiftWhen(job?.start_time, job?.end_time)]
          .filter(Boolean)
          .join(' · '),
        <>
          {statusText}
          {job?.start_time && job.end_time && job.hourly_rate !== undefined && (
            <> · {t('shifts.youEarn', { amount: formatCents(jobPay(job as JobPosting).subtotalCents) })}</>
          )}
        </>,
        view === 'shifts' && job?.id && awaitingSettlement(job) && (
          <SettlementNotice jobId={job.id} side="chef" />
        ),
      ]}
      actions={
        <>
          {awaiting && (
            <>
              <button
                type="button"
                className="btn btn-small"
                disabled={busy}
                onClick={() => void onConfirm(true)}
              >
                {t('shifts.confirm')}
              </button>
              <button
                type="button"
                className="btn btn-small btn-secondary"
                disabled={busy}
                onClick={() => void onConfirm(false)}
              >
                {t('shifts.decline')}
              </button>
            </>
          )}
          {view === 'shifts' && app.worker_confirmed === true && job && (
            <ShiftState side="chef" job={job} applicationId={app.id} />
          )}
          {view === 'applications' && cancellable && (
            <button
              type="button"
              className="btn btn-small btn-ghost"
              disabled={busy}
              onClick={() => void onCancel()}
            >
              {t('shifts.cancelApplication')}
            </button>
          )}
          {job?.id && (
            <Link to={`/messages?job=${job.id}`} className="btn btn-small btn-secondary">
              {t('shifts.message')}
            </Link>
          )}
        </>
      }
    />
  );
}

function ChefShifts({ tab }: { tab: Tab }) {
  const { t } = useTranslation('jobs');
  const apps = jobsApi.useApplicationsQuery(undefined, {
    pollingInterval: LISTS_POLL_MS,
    refetchOnMountOrArgChange: true,
  });
  if (apps.isLoading) return <Spinner />;
  if (apps.isError) return <Alert>{errorText(apps.error, t('shifts.loadFailed'))}</Alert>;
  const all = apps.data?.applications ?? [];
  const list =
    tab === 'shifts'
      ? all
          .filter((a) => a.status === 'accepted' && a.worker_confirmed !== false)
          .sort((a, b) => byStart(a.job_postings?.start_time, b.job_postings?.start_time))
      : [...all].sort((a, b) => b.created_at.localeCompare(a.created_at));
  if (list.length === 0)
    return (
      <p className="empty muted">
        {tab === 'shifts' ? t('shifts.noShiftsChef') : t('shifts.noApplicationsChef')}{' '}
        <Link to="/openings">{t('shifts.findWork')}</Link>
      </p>
    );
  return (
    <ul className="list">
      {list.map((a) => (
        <ChefApplicationRow key={a.id} app={a} view={tab} />
      ))}
    </ul>
  );
}

function RestaurantShifts({ tab }: { tab: Tab }) {
  const { t } = useTranslation('jobs');
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
              [a.chef_profiles?.name, shiftWhen(a.job_postings?.start_time, a.job_postings?.end_time)]
                .filter(Boolean)
                .join(' · '),
              a.status === 'accepted' && a.worker_confirmed === null
                ? t('applicationStatus.awaitingChef')
                : a.status === 'accepted' && a.worker_confirmed
                  ? t('applicationStatus.confirmed')
                  : a.status === 'pending'
                    ? t('applicationStatus.pendingReview')
                    : t(`applicationStatus.${a.status}`, { defaultValue: a.status }),
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
  return (
    <ul className="list">
      {list.map((job) => {
        const worker = applications.find(
          (a) =>
            (a.job_postings?.id ?? a.job_id) === job.id &&
            a.status === 'accepted' &&
            a.worker_confirmed === true,
        );
        return (
          <Row
            key={job.id}
            title={job.title}
            urgent={job.emergency_level === 'urgent'}
            lines={[
              shiftWhen(job.start_time, job.end_time),
              <>
                <JobStatusTag status={job.status} /> ·{' '}
                {t('shifts.total', { amount: formatCents(jobPay(job).totalCents) })}
                {worker?.chef_profiles?.name && <> · {worker.chef_profiles.name}</>}
              </>,
              awaitingSettlement(job) && <SettlementNotice jobId={job.id} side="restaurant" />,
            ]}
            actions={
              <>
                {(job.status === 'pending_payment' || job.status === 'payment_failed') && (
                  <Link to={`/payments/${job.id}`} className="btn btn-small">
                    {t('shifts.pay')}
                  </Link>
                )}
                {job.status === 'open' && (
                  <Link to={`/jobs/${job.id}/applications`} className="btn btn-small btn-secondary">
                    {t('shifts.reviewCount', { count: job.pending_applications_count ?? 0 })}
                  </Link>
                )}
                <ShiftState side="restaurant" job={job} applicationId={worker?.id} />
                <Link
                  to={`/jobs/${job.id}`}
                  className="btn btn-small btn-ghost"
                  aria-label={t('shifts.viewNamed', { when: shiftWhen(job.start_time) })}
                >
                  {t('shifts.view')}
                </Link>
              </>
            }
          />
        );
      })}
    </ul>
  );
}

/** /my-shifts: the shifts and the applications of either side, with confirm, cancel and checkout actions. */
export default function MyShiftsPage() {
  const { t } = useTranslation('jobs');
  const { user } = useAuth();
  const [tab, setTab] = useState<Tab>('shifts');
  const tabs: Tab[] = ['shifts', 'applications'];
  const restaurant = user?.user_type === 'restaurant';
  return (
    <section className="page">
      <div className="page-head">
        <h1>{restaurant ? t('shifts.titleRestaurant') : t('shifts.titleChef')}</h1>
        {restaurant && (
          <Link to="/jobs/post" className="btn">
            {t('shifts.post')}
          </Link>
        )}
      </div>
      <div className="tabs" role="tablist" aria-label={t('shifts.tabsLabel')}>
        {tabs.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className={tab === id ? 'tab tab-on' : 'tab'}
            onClick={() => setTab(id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft')
                setTab(id === 'shifts' ? 'applications' : 'shifts');
            }}
          >
            {t(`shifts.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div className="card" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {restaurant ? <RestaurantShifts tab={tab} /> : <ChefShifts tab={tab} />}
      </div>
    </section>
  );
}
