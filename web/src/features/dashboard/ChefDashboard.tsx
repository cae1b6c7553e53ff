import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_RECENT_LIMIT, paymentSetupPath } from '../../app/constants';
import { useAuth } from '../../app/hooks';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { VerifyPhoneCard } from '../auth/VerifyPhoneCard';
import { jobsApi, type Application } from '../jobs/jobsApi';
import { holdsShift, isFinal } from '../jobs/shiftState';
import { PaymentStatusCard } from '../payments/PaymentStatusCard';
import { ForType } from '../shell/Redirects';
import { formatDateTime, formatRate } from './format';
import { OnboardingChecklist } from './OnboardingChecklist';
import { QuickLinks, StatCard } from './parts';
import { useChecklistData } from './useChecklistData';

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
  const jobs = jobsApi.useJobsQuery({ status: 'open', limit: DASHBOARD_RECENT_LIMIT });
  const applications = jobsApi.useApplicationsQuery();
  const checklistData = useChecklistData(jobs, applications);
  const openings = jobs.data?.jobs ?? [];
  const upcoming = upcomingShifts(applications.data?.applications ?? []);

  return (
    <section className="page">
      <div className="page-head">
        <h1>{profile ? t('chef.welcome', { name: profile.name }) : t('chef.welcomeNew')}</h1>
      </div>
      {!profile && (
        <Alert tone="warning">
          {t('chef.completeProfile')} <Link to="/onboarding/worker">{t('chef.completeProfileLink')}</Link>
        </Alert>
      )}
      <VerifyPhoneCard />
      {checklistData && <OnboardingChecklist data={checklistData} />}
      <div className="grid-2">
        <PaymentStatusCard userType="chef" />
        <div className="stats">
          <StatCard label={t('chef.availableWork')} value={openings.length} />
          <StatCard label={t('chef.upcomingWork')} value={upcoming.length} />
        </div>
      </div>

      <section className="card" aria-labelledby="openings-title">
        <div className="card-head">
          <h2 id="openings-title">{t('chef.recentOpenings')}</h2>
          <Link to="/openings">{t('viewAll')}</Link>
        </div>
        {jobs.isLoading ? (
          <Spinner />
        ) : jobs.isError ? (
          <Alert>{t('loadFailed')}</Alert>
        ) : openings.length === 0 ? (
          <p className="empty muted">{t('chef.noOpenings')}</p>
        ) : (
          <ul className="list">
            {openings.map((job) => (
              <li key={job.id} className="list-item">
                <div>
                  <div className="list-title">
                    {tc(`positions.${job.title}`, { defaultValue: job.title })}
                    {job.emergency_level === 'urgent' && (
                      <span className="tag tag-urgent">{tc('priority.urgent')}</span>
                    )}
                  </div>
                  <div className="hint">
                    {job.restaurant_profiles?.name && `${job.restaurant_profiles.name} · `}
                    {formatDateTime(job.start_time)} · {formatRate(job.hourly_rate)}/{tc('perHour')}
                  </div>
                </div>
                <Link to={`/jobs/${job.id}`} className="btn btn-small btn-secondary">
                  {t('chef.viewJob')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby="upcoming-title">
        <div className="card-head">
          <h2 id="upcoming-title">{t('chef.upcomingShifts')}</h2>
          <Link to="/my-shifts">{t('viewAll')}</Link>
        </div>
        {applications.isLoading ? (
          <Spinner />
        ) : upcoming.length === 0 ? (
          <p className="empty muted">{t('chef.noUpcoming')}</p>
        ) : (
          <ul className="list">
            {upcoming.map((a) => (
              <li key={a.id} className="list-item">
                <div>
                  <div className="list-title">
                    {tc(`positions.${a.job_postings?.title ?? ''}`, {
                      defaultValue: a.job_postings?.title ?? '',
                    })}
                  </div>
                  <div className="hint">
                    {formatDateTime(a.job_postings?.start_time)}
                    {a.worker_confirmed === null && ` · ${t('chef.awaitingConfirmation')}`}
                  </div>
                </div>
                <Link to="/my-shifts" className="btn btn-small btn-secondary">
                  {t('chef.details')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

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

export default function ChefDashboard() {
  return (
    <ForType type="chef" fallback="dashboard">
      <Dashboard />
    </ForType>
  );
}
