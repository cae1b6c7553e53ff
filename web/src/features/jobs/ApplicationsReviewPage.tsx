import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorStatus, errorText } from '../../shared/api';
import {
  APPLICANTS_SHOWN,
  BIO_PREVIEW_CHARS,
  LISTS_POLL_MS,
  SKILLS_PER_CARD,
} from '../../shared/shiftConstants';
import { useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import { FavoriteButton } from '../favorites';
import { BlockButton } from '../blocks';
import { jobsApi, type ApplicationOfJob, type JobPosting } from './jobsApi';
import { ChefLink, JobStatusTag, PositionTitle, RestaurantPlace, SeatsCount, shiftWhen } from './JobLabels';
import { Reliability, Avatar, SpokenLanguages } from '../profile';
import { ProfileReviews } from '../reviews';
import { CredentialBadges } from '../credentials';
import { applicationLabel, restaurantCanDecide, stateOf } from './shiftState';
import { formatRating } from '../../shared/format';
import { ActionButton } from '../../shared/components/ActionButton';

/** A bio cut at 150 characters (on a word boundary when one is near), with an ellipsis. */
export function truncateBio(bio: string | undefined | null, max = BIO_PREVIEW_CHARS): string {
  const text = (bio ?? '').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.7 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Pending first, then accepted (awaiting or confirmed), then the rest; newest first within each. */
function ordered(apps: ApplicationOfJob[]): ApplicationOfJob[] {
  const rank = (a: ApplicationOfJob) => {
    const state = stateOf(a);
    return state === 'pending' ? 0 : state === 'awaiting_confirmation' || state === 'confirmed' ? 1 : 2;
  };
  return [...apps].sort((a, b) => rank(a) - rank(b) || b.created_at.localeCompare(a.created_at));
}

function Applicant({ app, job }: { app: ApplicationOfJob; job: JobPosting }) {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  const [decide, deciding] = jobsApi.useDecideApplicationMutation();
  const [error, setError] = useState<string | null>(null);
  const chef = app.chef_profiles;
  const name = chef?.name ?? t('review.unnamed');
  const rating = formatRating(chef?.average_rating);
  const onDecide = async (status: 'accepted' | 'rejected') => {
    setError(null);
    const res = await decide({ id: app.id, status });
    if (!res.error) return;
    const data = (res.error as { data?: { chefNeedsStripe?: boolean } }).data;
    const action = status === 'accepted' ? t('review.actionAccept') : t('review.actionReject');
    setError(
      data?.chefNeedsStripe
        ? t('review.chefNeedsStripe')
        : errorText(res.error, t('review.decideFailed', { action })),
    );
  };
  const canDecide = restaurantCanDecide(app, job);
  return (
    <li className="applicant card">
      <div className="card-head">
        <div className="booked-head">
          <Avatar url={chef?.profile_image_url} name={name} size={48} />
          <h3 className="h-reset">
            <ChefLink chef={chef} name={name} />
          </h3>
        </div>
        <span className={`status status-${app.status}`}>{t(applicationLabel(app, 'restaurant'))}</span>
      </div>
      <p className="hint">
        {[
          chef?.city,
          rating ? t('review.rating', { rating, count: chef?.total_ratings ?? 0 }) : t('review.noRatings'),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <Reliability record={chef?.reliability} compact />
      {/* issue 39: the chef's verified credentials */}
      <CredentialBadges types={chef?.verified_credentials} />
      <SpokenLanguages codes={chef?.languages} />
      {chef?.bio && <p>{truncateBio(chef.bio)}</p>}
      {/* issue 39: the chef's newest published reviews, the rest on their profile */}
      {chef && <ProfileReviews kind="chef" id={chef.id} compact profileLink={`/profile/chef/${chef.id}`} />}
      {(chef?.skills ?? []).length > 0 && (
        <ul className="tags" aria-label={t('review.skills')}>
          {(chef?.skills ?? []).slice(0, SKILLS_PER_CARD).map((s) => (
            <li key={s} className="tag">
              {tc(`skills.${s}`, { defaultValue: s })}
            </li>
          ))}
        </ul>
      )}
      <Alert>{error}</Alert>
      <div className="actions-row">
        {canDecide && (
          <>
            <ActionButton
              className="btn btn-small"
              busy={deciding.isLoading}
              onClick={() => onDecide('accepted')}
              label={t('review.acceptNamed', { name })}
            >
              {t('review.accept')}
            </ActionButton>
            <ActionButton
              className="btn btn-small btn-secondary"
              busy={deciding.isLoading}
              onClick={() => onDecide('rejected')}
              label={t('review.rejectNamed', { name })}
            >
              {t('review.reject')}
            </ActionButton>
          </>
        )}
        {app.chef_id && (
          <Link
            to={`/messages?job=${job.id}&chef=${app.chef_id}`}
            className="btn btn-small btn-secondary"
            aria-label={t('review.messageNamed', { name })}
          >
            {t('review.message')}
          </Link>
        )}
        {chef && <FavoriteButton chefProfileId={chef.id} name={name} />}
        {chef && <BlockButton target={{ kind: 'chef', id: chef.id }} name={name} />}
      </div>
    </li>
  );
}

/** /jobs/{id}/applications: the owning restaurant reviews applicants; anyone else sees Access Denied. */
export default function ApplicationsReviewPage() {
  const { t } = useTranslation('jobs');
  const { id = '' } = useParams();
  const { user } = useAuth();
  const isRestaurant = user?.user_type === 'restaurant';
  const query = jobsApi.useJobQuery(id, {
    skip: !isRestaurant,
    refetchOnMountOrArgChange: true,
    pollingInterval: LISTS_POLL_MS,
  });
  const [showAll, setShowAll] = useState(false);

  if (isRestaurant && query.isLoading) return <Spinner />;
  const job = query.data?.job;
  const status = errorStatus(query.error);
  if (isRestaurant && query.error && status !== 404 && status !== 403 && status !== 400)
    return (
      <section className="page narrow">
        <Alert>{errorText(query.error, t('review.loadFailed'))}</Alert>
      </section>
    );
  if (!isRestaurant || !job || (job.restaurant_id && job.restaurant_id !== user?.id) || !job.applications)
    return (
      <section className="page narrow center">
        <h1>{t('review.deniedTitle')}</h1>
        <p className="muted">{t('review.deniedText')}</p>
        <Link to="/dashboard" className="btn">
          {t('review.toDashboard')}
        </Link>
      </section>
    );

  const apps = ordered(job.applications);
  const shown = showAll ? apps : apps.slice(0, APPLICANTS_SHOWN);
  return (
    <section className="page narrow">
      <p className="hint">
        <Link to={`/jobs/${job.id}`}>{t('review.backToJob')}</Link>
      </p>
      <h1>{t('review.title')}</h1>
      <div className="card">
        <h2 className="h-reset">
          <PositionTitle title={job.title} urgent={job.emergency_level === 'urgent'} />
        </h2>
        <p className="hint">
          {shiftWhen(job.start_time, job.end_time, job.restaurant_profiles?.city)} ·{' '}
          <JobStatusTag status={job.status} /> <SeatsCount seats={job.seats} side="restaurant" />
        </p>
        <p className="hint">
          <RestaurantPlace job={job} />
        </p>
      </div>
      {apps.length === 0 ? (
        <p className="empty muted card">{t('review.none')}</p>
      ) : (
        <>
          <ul className="list-plain">
            {shown.map((app) => (
              <Applicant key={app.id} app={app} job={job} />
            ))}
          </ul>
          {apps.length > APPLICANTS_SHOWN && (
            <button
              type="button"
              className="btn btn-secondary"
              aria-expanded={showAll}
              onClick={() => setShowAll((v) => !v)}
            >
              {showAll
                ? t('review.showFewer')
                : t('review.showMore', { count: apps.length - APPLICANTS_SHOWN })}
            </button>
          )}
        </>
      )}
    </section>
  );
}
