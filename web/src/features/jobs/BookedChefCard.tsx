import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatRating, formatShiftMoment } from '../../shared/format';
import { formatPhone } from '../../shared/phone';
import { Avatar, SpokenLanguages, Reliability } from '../profile';
import { jobsApi, type ApplicationChef, type JobPosting } from './jobsApi';
import { ChefLink } from './JobLabels';
import { stateOf } from './shiftState';
import { useNow } from './policy';
import { CredentialBadges } from '../credentials';

// Issue 32, "the owner sees who is coming": the chef booked for a restaurant's shift, and for the chef the way
// back to the restaurant. Whether a phone number is shown is the server's decision (Job.contact, GET /jobs/{id}
// only): from 24 hours before the start until the checkout deadline, for a booked shift.

type Contact = NonNullable<JobPosting['contact']>;

/**
 * The shift's contact as GET /jobs/{id} answers it: the job's own when it came from there, else asked for (My
 * Shifts' rows come from lists, which never carry it) while the shift is not past its checkout deadline.
 */
function useContact(job: JobPosting): Contact | null {
  const past = !!job.checkout_deadline && new Date(job.checkout_deadline).getTime() <= Date.now();
  const detail = jobsApi.useJobQuery(job.id, { skip: job.contact !== undefined || past });
  return job.contact ?? detail.data?.job.contact ?? null;
}

/** Message (the shift's thread) and Call (a tel: link, inside the window), or when the number will show. */
function ContactActions({
  job,
  contact,
  thread,
  name,
}: {
  job: JobPosting;
  contact: Contact | null;
  thread: string;
  name: string;
}) {
  const { t } = useTranslation('jobs');
  const city = job.restaurant_profiles?.city;
  const now = useNow();
  const before = contact && now < new Date(contact.phone_from).getTime();
  return (
    <>
      <div className="actions-row">
        <Link
          to={thread}
          className="btn btn-small btn-secondary"
          aria-label={t('booked.messageNamed', { name })}
        >
          {t('booked.message')}
        </Link>
        {contact?.phone && (
          <a
            href={`tel:${contact.phone}`}
            className="btn btn-small"
            aria-label={t('booked.callNamed', { name, phone: formatPhone(contact.phone) })}
          >
            {t('booked.call', { phone: formatPhone(contact.phone) })}
          </a>
        )}
      </div>
      {contact && !contact.phone && (
        <p className="hint">
          {before
            ? t('booked.phoneFrom', { from: formatShiftMoment(contact.phone_from, city) })
            : now < new Date(contact.phone_until).getTime()
              ? t('booked.noPhone')
              : t('booked.phoneUntil', { until: formatShiftMoment(contact.phone_until, city) })}
        </p>
      )}
    </>
  );
}

/**
 * The chef booked for the restaurant's shift: photo, name, rating, reliability, languages, Message (the shift's
 * thread with them) and Call. A card with its heading on the job page; `compact` in a row of My Shifts.
 */
export function BookedChefCard({
  job,
  chef,
  chefId,
  compact = false,
}: {
  job: JobPosting;
  chef: ApplicationChef | null | undefined;
  chefId: string;
  compact?: boolean;
}) {
  const { t } = useTranslation('jobs');
  const contact = useContact(job);
  const name = chef?.name ?? t('review.unnamed');
  const rating = formatRating(chef?.average_rating);
  const body = (
    <>
      <div className="booked-head">
        <Avatar url={chef?.profile_image_url} name={name} size={compact ? 40 : 56} />
        <div>
          <p className="booked-name">
            <ChefLink chef={chef} name={name} />
          </p>
          <p className="hint">
            {rating ? t('review.rating', { rating, count: chef?.total_ratings ?? 0 }) : t('review.noRatings')}
          </p>
        </div>
      </div>
      <Reliability record={chef?.reliability} compact />
      <CredentialBadges types={chef?.verified_credentials} />
      <SpokenLanguages codes={chef?.languages} />
      <ContactActions
        job={job}
        contact={contact}
        thread={`/messages?job=${job.id}&chef=${chefId}`}
        name={name}
      />
    </>
  );
  if (compact)
    return (
      <div className="booked-chef booked-compact" data-testid="booked-chef">
        {body}
      </div>
    );
  return (
    <section className="card booked-chef" aria-labelledby="booked-chef-title" data-testid="booked-chef">
      <h2 id="booked-chef-title">{t('booked.title')}</h2>
      {body}
    </section>
  );
}

/** For the chef of a booked shift: the restaurant, with Message (the shift's thread) and Call. */
export function RestaurantContactCard({ job }: { job: JobPosting }) {
  const { t } = useTranslation('jobs');
  const contact = useContact(job);
  const name = job.restaurant_profiles?.name ?? t('booked.restaurant');
  return (
    <section
      className="card booked-chef"
      aria-labelledby="restaurant-contact-title"
      data-testid="restaurant-contact"
    >
      <h2 id="restaurant-contact-title">{t('booked.reachRestaurant', { name })}</h2>
      <ContactActions job={job} contact={contact} thread={`/messages?job=${job.id}`} name={name} />
    </section>
  );
}

/**
 * On the restaurant's job page: the booked chef's card, for a shift the server calls booked (it sends
 * `contact` for a confirmed chef only).
 */
export function OwnerBookedChef({ job }: { job: JobPosting }) {
  const booked = job.applications?.find((a) => stateOf(a) === 'confirmed');
  if (!booked || job.contact === undefined || job.contact === null) return null;
  return <BookedChefCard job={job} chef={booked.chef_profiles} chefId={booked.chef_id} />;
}

/** On the confirmed chef's job page: how to reach the restaurant. */
export function ChefBookedContact({ job }: { job: JobPosting }) {
  if (job.contact === undefined || job.contact === null) return null;
  return <RestaurantContactCard job={job} />;
}
