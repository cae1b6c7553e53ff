import { useTranslation } from 'react-i18next';
import { clashesWithBooked } from '../../shared/contracts';
import { formatShiftHours } from '../../shared/format';
import { jobsApi, type BookedShift, type JobPosting } from './jobsApi';

/**
 * The shift the chef holds that clashes with this one (SHIFT_GAP of travel included), or null: the job's own
 * `booked_conflict` when the answer carries it (the chef's job page), else found among the shifts the chef
 * holds (`booked` of their applications poll, beside the openings list every chef of a place shares).
 */
export function bookedConflictOf(
  job: Pick<JobPosting, 'id' | 'start_time' | 'end_time' | 'booked_conflict'>,
  booked: BookedShift[] | undefined,
): BookedShift | null {
  if (job.booked_conflict !== undefined) return job.booked_conflict;
  return (booked ?? []).find((b) => b.job_id !== job.id && clashesWithBooked(job, b)) ?? null;
}

/**
 * Issue 32's warning on a shift a chef may still apply to: "You are booked 8:55 AM – 11:55 AM: Line Cook at
 * Loop Diner". Applying stays possible; being accepted or confirming would be refused while the other shift
 * holds the time. Chefs' screens only: the openings list and the job page.
 */
export function BookedWarning({
  job,
  booked,
}: {
  job: Pick<JobPosting, 'id' | 'start_time' | 'end_time' | 'booked_conflict'>;
  /** The shifts the chef holds, when the screen already has them (the openings list: one read for all cards). */
  booked?: BookedShift[];
}) {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  // Else the chef's applications poll's cache entry, read here.
  const applications = jobsApi.useApplicationsQuery(undefined, {
    skip: job.booked_conflict !== undefined || booked !== undefined,
  });
  const other = bookedConflictOf(job, booked ?? applications.data?.booked);
  if (!other) return null;
  return (
    <p className="booked-warning" data-testid="booked-warning">
      <span aria-hidden="true">⚠ </span>
      {t('booked.warning', {
        time: formatShiftHours(other.start_time, other.end_time, other.city),
        title: tc(`positions.${other.title}`, { defaultValue: other.title }),
        restaurant: other.restaurant_name ?? t('booked.aRestaurant'),
      })}
    </p>
  );
}
