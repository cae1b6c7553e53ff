import { Link, Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { NEW_APPLICATION_WINDOW_MS } from '../../shared/constants';
import { formatDateTime } from '../../shared/format';
import { useAuth } from '../../shared/hooks';
import { LISTS_POLL_MS } from '../../shared/shiftConstants';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import { onboardingPathFor } from '../auth';
import { jobsApi, type Application } from './jobsApi';
import OpeningsPage from './OpeningsPage';
import { PositionTitle, SeatsCount, shiftWhen } from './JobLabels';
import { useNow } from './policy';
import { restaurantCanDecide } from './shiftState';

/** The applications still waiting for the restaurant's answer (its jobs open and not started), newest first. */
export function waitingApplications(applications: Application[], now = Date.now()): Application[] {
  return applications
    .filter((a) => restaurantCanDecide(a, a.job_postings, now))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** The restaurant's browse screen: every applicant waiting for an answer, across its shifts. */
function WaitingApplications() {
  const { t } = useTranslation('jobs');
  const now = useNow();
  const apps = jobsApi.useApplicationsQuery(undefined, {
    pollingInterval: LISTS_POLL_MS,
    refetchOnMountOrArgChange: true,
  });
  const list = waitingApplications(apps.data?.applications ?? [], now);
  return (
    <section className="page">
      <div className="page-head">
        <h1>{t('browse.title')}</h1>
        <Link to="/my-shifts" className="btn btn-secondary">
          {t('browse.toShifts')}
        </Link>
      </div>
      <p className="muted">{t('browse.intro')}</p>
      <div className="card">
        {apps.isLoading ? (
          <Spinner />
        ) : apps.isError ? (
          <Alert>{errorText(apps.error, t('shifts.loadFailed'))}</Alert>
        ) : list.length === 0 ? (
          <p className="empty muted">{t('browse.none')}</p>
        ) : (
          <ul className="list">
            {list.map((a) => {
              const job = a.job_postings;
              const fresh = now - new Date(a.created_at).getTime() <= NEW_APPLICATION_WINDOW_MS;
              return (
                <li key={a.id} className="list-item shift-row">
                  <div>
                    <h2 className="list-title h-reset">
                      {a.chef_profiles?.name ?? t('browse.aChef')}
                      {fresh && <span className="tag tag-ok">{t('browse.new')}</span>}
                    </h2>
                    <div className="hint">
                      <PositionTitle title={job.title} urgent={job.emergency_level === 'urgent'} /> ·{' '}
                      {shiftWhen(job.start_time, job.end_time, job.restaurant_profiles?.city)}{' '}
                      <SeatsCount seats={job.seats} side="restaurant" />
                    </div>
                    <div className="hint">{t('browse.applied', { when: formatDateTime(a.created_at) })}</div>
                  </div>
                  <div className="item-actions">
                    <Link to={`/jobs/${job.id}/applications`} className="btn btn-small">
                      {t('shifts.review')}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

/**
 * /jobs/browse: what the dashboard's new-applications banner opens. A restaurant sees the applicants waiting for
 * its answer; a chef (with a profile) browses the open shifts.
 */
export default function BrowsePage() {
  const { user, profile } = useAuth();
  if (user?.user_type === 'restaurant') return <WaitingApplications />;
  if (user && !profile) return <Navigate to={onboardingPathFor(user.user_type)} replace />;
  return <OpeningsPage />;
}
