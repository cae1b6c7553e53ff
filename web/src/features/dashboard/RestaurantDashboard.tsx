import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_RECENT_LIMIT, NEW_APPLICATION_WINDOW_MS, paymentSetupPath } from '../../app/constants';
import { useAuth } from '../../app/hooks';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { VerifyPhoneCard } from '../auth/VerifyPhoneCard';
import { canJob } from '../../app/contracts';
import { jobsApi, type Application } from '../jobs/jobsApi';
import { stateOf } from '../jobs/shiftState';
import { PaymentStatusCard } from '../payments/PaymentStatusCard';
import { ForType } from '../shell/Redirects';
import { formatDateTime, formatRate, formatRating } from './format';
import { OnboardingChecklist } from './OnboardingChecklist';
import { QuickLinks, StatCard } from './parts';
import { Roster } from './Roster';
import { useChecklistData } from './useChecklistData';

export function newApplicationsCount(
  applications: Pick<Application, 'created_at' | 'status'>[],
  now = Date.now(),
): number {
  return applications.filter((a) => now - new Date(a.created_at).getTime() <= NEW_APPLICATION_WINDOW_MS)
    .length;
}

function Dashboard() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation('catalog');
  const { profile } = useAuth();
  const jobs = jobsApi.useJobsQuery({ status: 'all', limit: DASHBOARD_RECENT_LIMIT });
  const applications = jobsApi.useApplicationsQuery();
  const checklistData = useChecklistData(jobs, applications);
  const jobList = jobs.data?.jobs ?? [];
  const appList = applications.data?.applications ?? [];
  const openPositions = jobList.filter((j) => j.status === 'open').length;
  const confirmedStaff = appList.filter((a) => stateOf(a) === 'confirmed').length;
  const fresh = newApplicationsCount(appList);
  const rating = formatRating(profile && 'average_rating' in profile ? profile.average_rating : null);

  return (
    <section className="page">
      <div className="page-head">
        <h1>{profile?.name ?? t('restaurant.fallbackTitle')}</h1>
        <Link to="/jobs/post" className="btn">
          {t('restaurant.postShift')}
        </Link>
      </div>
      {!profile && (
        <Alert tone="warning">
          {t('restaurant.completeProfile')}{' '}
          <Link to="/onboarding/restaurant">{t('restaurant.completeProfileLink')}</Link>
        </Alert>
      )}
      {fresh > 0 && (
        <div className="banner" role="status">
          <span>{t('restaurant.newApplications', { count: fresh })}</span>
          <Link to="/jobs/browse">{t('restaurant.reviewApplications')}</Link>
        </div>
      )}
      <VerifyPhoneCard />
      {checklistData && <OnboardingChecklist data={checklistData} />}
      <div className="grid-2">
        <PaymentStatusCard userType="restaurant" />
        <div className="stats">
          <StatCard label={t('restaurant.openPositions')} value={openPositions} />
          <StatCard label={t('restaurant.confirmedStaff')} value={confirmedStaff} />
          <StatCard
            label={t('restaurant.averageRating')}
            value={rating ?? '–'}
            hint={
              rating
                ? t('restaurant.ratingCount', {
                    count: profile && 'total_ratings' in profile ? profile.total_ratings : 0,
                  })
                : t('restaurant.noRatings')
            }
          />
        </div>
      </div>

      <section className="card" aria-labelledby="recent-posts-title">
        <div className="card-head">
          <h2 id="recent-posts-title">{t('restaurant.recentPosts')}</h2>
          <Link to="/my-shifts">{t('viewAll')}</Link>
        </div>
        {jobs.isLoading ? (
          <Spinner />
        ) : jobs.isError ? (
          <Alert>{t('loadFailed')}</Alert>
        ) : jobList.length === 0 ? (
          <p className="empty muted">
            {t('restaurant.noPosts')} <Link to="/jobs/post">{t('restaurant.postFirst')}</Link>
          </p>
        ) : (
          <ul className="list">
            {jobList.map((job) => {
              const pending = (job.applications ?? []).filter((a) => a.status === 'pending').length;
              return (
                <li key={job.id} className="list-item">
                  <div>
                    <div className="list-title">
                      {tc(`positions.${job.title}`, { defaultValue: job.title })}
                      {job.emergency_level === 'urgent' && (
                        <span className="tag tag-urgent">{tc('priority.urgent')}</span>
                      )}
                    </div>
                    <div className="hint">
                      {formatDateTime(job.start_time)} · {formatRate(job.hourly_rate)}/{tc('perHour')} ·{' '}
                      <span className={`status status-${job.status}`}>
                        {tc(`jobStatus.${job.status}`, { defaultValue: job.status })}
                      </span>
                      {pending > 0 && ` · ${t('restaurant.pendingCount', { count: pending })}`}
                    </div>
                  </div>
                  {canJob('fill', job.status) ? (
                    <Link to={`/jobs/${job.id}/applications`} className="btn btn-small">
                      {t('restaurant.review')}
                    </Link>
                  ) : (
                    <Link to={`/jobs/${job.id}`} className="btn btn-small btn-secondary">
                      {t('restaurant.view')}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <Roster />

      <QuickLinks
        title={t('quickLinks')}
        links={[
          { to: '/jobs/post', label: t('restaurant.links.post') },
          { to: '/chefs', label: t('restaurant.links.chefs') },
          { to: '/my-shifts', label: t('restaurant.links.shifts') },
          { to: paymentSetupPath, label: t('restaurant.links.payments') },
        ]}
      />
    </section>
  );
}

export default function RestaurantDashboard() {
  return (
    <ForType type="restaurant" fallback="dashboard">
      <Dashboard />
    </ForType>
  );
}
