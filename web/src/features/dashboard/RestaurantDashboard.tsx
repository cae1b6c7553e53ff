import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_RECENT_LIMIT, NEW_APPLICATION_WINDOW_MS, paymentSetupPath } from '../../shared/constants';
import { useAuth } from '../../shared/hooks';
import { canJob } from '../../shared/contracts';
import { type Application, BoostedTag, SeatsCount, restaurantCanDecide, stateOf } from '../jobs';
import { BalanceNotice } from '../payments';
import { CardDisputeNotice } from '../card-disputes';
import { PinMissingNotice } from '../profile';
import { pageFor } from '../shell';
import { formatRate, formatRating, formatShiftMoment } from '../../shared/format';
import {
  CompleteProfileAlert,
  DashboardStatus,
  ListCard,
  PositionTitle,
  QuickLinks,
  StatCard,
} from './DashboardCards';
import { Roster } from './Roster';
import { useDashboardData } from './useChecklistData';

/**
 * The banner's count: applications of the last 24 hours still waiting for the restaurant's answer (pending, on a
 * job that can still be filled and has not started), not those on shifts that are filled, over or cancelled.
 */
export function newApplicationsCount(
  applications: Pick<Application, 'created_at' | 'status' | 'worker_confirmed' | 'job_postings'>[],
  now = Date.now(),
): number {
  return applications.filter(
    (a) =>
      now - new Date(a.created_at).getTime() <= NEW_APPLICATION_WINDOW_MS &&
      restaurantCanDecide(a, a.job_postings, now),
  ).length;
}

function Dashboard() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation('catalog');
  const { profile } = useAuth();
  const { jobs, applications, checklist, openTotal } = useDashboardData(
    { status: 'all', limit: DASHBOARD_RECENT_LIMIT },
    true,
  );
  const jobList = jobs.data?.jobs ?? [];
  const appList = applications.data?.applications ?? [];
  const openPositions = openTotal ?? jobList.filter((j) => j.status === 'open').length;
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
        <CompleteProfileAlert
          text={t('restaurant.completeProfile')}
          link={t('restaurant.completeProfileLink')}
          to="/onboarding/restaurant"
        />
      )}
      <PinMissingNotice />
      <BalanceNotice />
      <CardDisputeNotice />
      {fresh > 0 && (
        <div className="banner" role="status">
          <span>{t('restaurant.newApplications', { count: fresh })}</span>
          <Link to="/jobs/browse">{t('restaurant.reviewApplications')}</Link>
        </div>
      )}
      <DashboardStatus userType="restaurant" checklist={checklist}>
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
      </DashboardStatus>

      <ListCard
        id="recent-posts-title"
        title={t('restaurant.recentPosts')}
        viewAll="/my-shifts"
        loading={jobs.isLoading}
        failed={jobs.isError}
        empty={
          <>
            {t('restaurant.noPosts')} <Link to="/jobs/post">{t('restaurant.postFirst')}</Link>
          </>
        }
        items={jobList}
      >
        {(job) => {
          const pending =
            job.pending_applications_count ??
            (job.applications ?? []).filter((a) => a.status === 'pending').length;
          return (
            <li key={job.id} className="list-item">
              <div>
                <PositionTitle title={job.title} urgent={job.emergency_level === 'urgent'} />
                <div className="hint">
                  {formatShiftMoment(job.start_time, job.restaurant_profiles?.city)} ·{' '}
                  {formatRate(job.hourly_rate)}/{tc('perHour')} ·{' '}
                  <span className={`status status-${job.status}`}>
                    {tc(`jobStatus.${job.status}`, { defaultValue: job.status })}
                  </span>{' '}
                  <SeatsCount seats={job.seats} side="restaurant" />{' '}
                  <BoostedTag from={job.boosted_from_rate} />
                  {pending > 0 && ` · ${t('restaurant.pendingCount', { count: pending })}`}
                </div>
              </div>
              {canJob('fill', job.status) ? (
                // work to do only while someone waits for an answer
                <Link
                  to={`/jobs/${job.id}/applications`}
                  className={pending > 0 ? 'btn btn-small' : 'btn btn-small btn-secondary'}
                >
                  {t('restaurant.review')}
                </Link>
              ) : (
                <Link to={`/jobs/${job.id}`} className="btn btn-small btn-secondary">
                  {t('restaurant.view')}
                </Link>
              )}
            </li>
          );
        }}
      </ListCard>

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

const RestaurantDashboard = pageFor('restaurant', Dashboard);
export default RestaurantDashboard;
