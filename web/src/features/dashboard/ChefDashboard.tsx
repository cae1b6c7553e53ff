import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EditAnswerCard } from '../edits';
import { paymentSetupPath } from '../../shared/constants';
import { useAuth } from '../../shared/hooks';
import {
  type Application,
  BoostedTag,
  InstantBookTag,
  ReconfirmAction,
  RestaurantPlace,
  SeatsCount,
  holdsShift,
  isFinal,
} from '../jobs';
import { seatPay } from '../../shared/money/figures';
import { MyOffers } from '../offers';
import { pageFor } from '../shell';
import { formatCents, formatRate, formatShiftMoment } from '../../shared/format';
import {
  CompleteProfileAlert,
  DashboardStatus,
  ListCard,
  PositionTitle,
  QuickLinks,
  StatCard,
} from './DashboardCards';
import { useDashboardData } from './useChecklistData';
import { CHEF_DASHBOARD_JOBS } from './dashboardData';

// The page's first lists, which the route starts with the page's code (app/pageData.ts).
export { startChefDashboardData } from './dashboardData';

/** Held (accepted or confirmed) and not finished (completed, cancelled, expired): the chef's upcoming shifts. */
export function upcomingShifts(applications: Application[], now = Date.now()): Application[] {
  return applications
    .filter(
      (a) =>
        holdsShift(a) &&
        !isFinal(a.job_postings) &&
        (!a.job_postings?.end_time || new Date(a.job_postings.end_time).getTime() > now),
    )
    .sort(
      (a, b) =>
        new Date(a.job_postings?.start_time ?? 0).getTime() -
        new Date(b.job_postings?.start_time ?? 0).getTime(),
    );
}

function Dashboard() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation('catalog');
  const { profile } = useAuth();
  // The first lists may already be asked (or answered): the route starts them with the page's code.
  const { jobs, applications, checklist } = useDashboardData(CHEF_DASHBOARD_JOBS);
  const openings = jobs.data?.jobs ?? [];
  const upcoming = upcomingShifts(applications.data?.applications ?? []);

  return (
    <section className="page">
      <div className="page-head">
        <h1>{profile ? t('chef.welcome', { name: profile.name }) : t('chef.welcomeNew')}</h1>
      </div>
      {!profile && (
        <CompleteProfileAlert
          text={t('chef.completeProfile')}
          link={t('chef.completeProfileLink')}
          to="/onboarding/worker"
        />
      )}
      <DashboardStatus userType="chef" checklist={checklist}>
        <StatCard label={t('chef.availableWork')} value={jobs.data?.total ?? openings.length} />
        <StatCard label={t('chef.upcomingWork')} value={upcoming.length} />
      </DashboardStatus>
      <MyOffers />

      <ListCard
        id="openings-title"
        title={t('chef.recentOpenings')}
        viewAll="/openings"
        loading={jobs.isLoading}
        failed={jobs.isError}
        empty={t('chef.noOpenings')}
        items={openings}
      >
        {(job) => (
          <li key={job.id} className="list-item">
            <div>
              <PositionTitle title={job.title} urgent={job.emergency_level === 'urgent'} />
              <div className="hint">
                {job.restaurant_profiles?.name && (
                  <>
                    <bdi>{job.restaurant_profiles.name}</bdi> ·{' '}
                  </>
                )}
                {formatShiftMoment(job.start_time, job.restaurant_profiles?.city)} ·{' '}
                {formatRate(job.hourly_rate)}/{tc('perHour')} <SeatsCount seats={job.seats} side="chef" />{' '}
                <BoostedTag from={job.boosted_from_rate} /> <InstantBookTag on={job.instant_book} />
              </div>
            </div>
            <Link to={`/jobs/${job.id}`} className="btn btn-small btn-secondary">
              {t('chef.viewJob')}
            </Link>
          </li>
        )}
      </ListCard>

      <ListCard
        id="upcoming-title"
        title={t('chef.upcomingShifts')}
        viewAll="/my-shifts"
        loading={applications.isLoading}
        empty={t('chef.noUpcoming')}
        items={upcoming}
      >
        {(a) => (
          <li key={a.id} className="list-item">
            <div>
              <PositionTitle title={a.job_postings?.title ?? ''} />
              <div className="hint">
                {formatShiftMoment(a.job_postings?.start_time, a.job_postings?.restaurant_profiles?.city)}
                {a.worker_confirmed === null && ` · ${t('chef.awaitingConfirmation')}`}
              </div>
              {/* issue 37: a reconfirmation due, or given */}
              <ReconfirmAction app={a} city={a.job_postings?.restaurant_profiles?.city} />
              <div className="hint">
                <RestaurantPlace job={a.job_postings} />
              </div>
              {a.job_postings && (
                <div className="hint">
                  {t('chef.pay', {
                    total: formatCents(seatPay(a.job_postings).subtotalCents),
                    rate: `${formatRate(a.job_postings.hourly_rate)}/${tc('perHour')}`,
                  })}
                </div>
              )}
            </div>
            <Link to="/my-shifts" className="btn btn-small btn-secondary">
              {t('chef.details')}
            </Link>
            {/* issue 35: a change of this shift to keep or leave, across the row's full width */}
            <div className="edit-answer-slot">
              <EditAnswerCard
                edit={a.job_postings?.edit_to_answer}
                city={a.job_postings?.restaurant_profiles?.city}
                headingLevel={3}
              />
            </div>
          </li>
        )}
      </ListCard>

      <QuickLinks
        title={t('quickLinks')}
        links={[
          { to: '/openings', label: t('chef.links.openings') },
          { to: paymentSetupPath, label: t('chef.links.payments') },
          { to: '/settings', label: t('chef.links.settings') },
          { to: '/messages', label: t('chef.links.messages') },
        ]}
      />
    </section>
  );
}

const ChefDashboard = pageFor('chef', Dashboard);
export default ChefDashboard;
