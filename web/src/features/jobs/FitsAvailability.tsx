import { useTranslation } from 'react-i18next';
import { fitsAvailability, timeZoneOfCity, type WeeklyAvailability } from '@brigade/contracts';
import { useAuth } from '../../shared/hooks';
import type { ChefProfile } from '../auth';
import type { JobPosting } from './jobsApi';

/**
 * Whether a shift falls inside the chef's own weekly availability (issue 37), read in the restaurant city's time
 * zone with the rule jobs texts by: the openings list every shift in range, and mark those that fit.
 */
export function fitsChef(profile: Pick<ChefProfile, 'availability'> | null, job: JobPosting): boolean {
  if (!profile) return false;
  const zone = timeZoneOfCity(job.restaurant_profiles?.city);
  return fitsAvailability(profile.availability as WeeklyAvailability, job.start_time, job.end_time, zone)
    .fits;
}

/** "Fits your availability" on a shift of the chef's openings that their weekly availability covers. */
export function FitsAvailability({ job }: { job: JobPosting }) {
  const { t } = useTranslation('jobs');
  const { profile } = useAuth();
  if (!fitsChef(profile as ChefProfile | null, job)) return null;
  return <span className="tag tag-ok">{t('openings.fitsAvailability')}</span>;
}
