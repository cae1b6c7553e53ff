import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { JobPosting } from './jobsApi';
import { formatRate, formatShift, numberFormat } from '../../shared/format';

/**
 * Issue 35: how a posting's seats stand, for the side reading it: the restaurant "2 of 3 booked", a chef the
 * seats left ("2 seats left"). Nothing for a posting of one chef (its status says it all), nor for a chef once
 * no seat is left.
 */
export function SeatsCount({
  seats,
  side,
}: {
  seats: JobPosting['seats'] | null | undefined;
  side: 'restaurant' | 'chef';
}) {
  const { t } = useTranslation('jobs');
  if (!seats || seats.total <= 1) return null;
  if (side === 'chef')
    return seats.open > 0 ? (
      <span className="tag tag-seats" data-testid="seats-left">
        {t('seats.left', { count: seats.open })}
      </span>
    ) : null;
  return (
    <span className="tag tag-seats" data-testid="seats-booked">
      {t('seats.booked', { booked: seats.booked, total: seats.total })}
    </span>
  );
}

/** Issue 37: "Boosted · was $20.00/h" on a shift whose rate its restaurant raised (nothing when never boosted). */
export function BoostedTag({ from }: { from: number | null | undefined }) {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  if (from === null || from === undefined) return null;
  return (
    <span className="tag tag-boosted" data-testid="boosted">
      {t('boost.tag', { rate: `${formatRate(from)}/${tc('perHour')}` })}
    </span>
  );
}

/** Issue 37: "Instant book" on a shift chefs who meet the bar may book at once. */
export function InstantBookTag({ on }: { on: boolean | undefined }) {
  const { t } = useTranslation('jobs');
  if (!on) return null;
  return (
    <span className="tag tag-instant" data-testid="instant-book">
      {t('booking.tag')}
    </span>
  );
}

export function PositionTitle({ title, urgent }: { title: string; urgent?: boolean }) {
  const { t: tc } = useTranslation('catalog');
  return (
    <>
      {tc(`positions.${title}`, { defaultValue: title })}
      {urgent && <span className="tag tag-urgent">{tc('priority.urgent')}</span>}
    </>
  );
}

/** "Mon, Jan 5, 6:00 PM – 11:00 PM", in the restaurant's city's time zone ("... 11:00 PM CST" for a viewer elsewhere). */
export function shiftWhen(start?: string | null, end?: string | null, city?: string | null): string {
  return formatShift(start, end, city);
}

export function rateText(rate: number | undefined, perHour: string): string {
  return rate === undefined ? '' : `${formatRate(rate)}/${perHour}`;
}

export function JobStatusTag({ status }: { status: string }) {
  const { t: tc } = useTranslation('catalog');
  return (
    <span className={`status status-${status}`}>{tc(`jobStatus.${status}`, { defaultValue: status })}</span>
  );
}

type JobPlace = Partial<Pick<JobPosting, 'restaurant_id' | 'restaurant_profiles'>> | null | undefined;

/** The restaurant's name linked to its profile (/profile/restaurant/{user id}); nothing while it is unknown. */
export function RestaurantLink({ job }: { job: JobPlace }) {
  const restaurant = job?.restaurant_profiles;
  const id = restaurant?.user_id ?? job?.restaurant_id;
  if (!restaurant?.name) return null;
  // <bdi>: a name is the restaurant's own text, isolated so that it cannot reorder the line around it (issue 33)
  const name = <bdi>{restaurant.name}</bdi>;
  return id ? <Link to={`/profile/restaurant/${id}`}>{name}</Link> : name;
}

/** A chef's name (isolated: issue 33), linked to their profile when the chef is known. */
export function ChefLink({ chef, name }: { chef: { id: string } | null | undefined; name: string }) {
  const shown = <bdi>{name}</bdi>;
  return chef ? <Link to={`/profile/chef/${chef.id}`}>{shown}</Link> : shown;
}

/** "100 Washington Ave N, Minneapolis": where the shift is worked. */
export function addressText(job: JobPlace): string {
  const r = job?.restaurant_profiles;
  return [r?.address, r?.city].filter(Boolean).join(', ');
}

/** The restaurant (linked) and its address on one line: "North Loop Kitchen · 100 Washington Ave N, Minneapolis". */
export function RestaurantPlace({ job }: { job: JobPlace }) {
  const address = addressText(job);
  if (!job?.restaurant_profiles?.name && !address) return null;
  return (
    <span className="shift-place">
      <RestaurantLink job={job} />
      {job?.restaurant_profiles?.name && address && ' · '}
      {address}
    </span>
  );
}

/** "0.6 mi", "12 mi": one decimal below 10 miles, whole miles above, in the reader's number format. */
export function milesText(miles: number, language: string, t: TFunction<'jobs'>): string {
  const digits = miles < 10 ? 1 : 0;
  const figure = numberFormat(language, { maximumFractionDigits: digits }).format(miles);
  return t('openings.distance', { miles: figure });
}

/**
 * The restaurant's address as a maps app reads it: "212 N 1st Ave, Minneapolis, MN 55401" (the city, state and ZIP
 * added when the address does not already name them). Null without an address.
 */
export function mapsDestination(job: JobPlace): string | null {
  const r = job?.restaurant_profiles;
  const address = r?.address?.trim();
  if (!r || !address) return null;
  const has = (part: string | null | undefined) =>
    !!part && address.toLowerCase().includes(part.toLowerCase());
  const region = [r.state, r.zip].filter((p) => p && !has(p)).join(' ');
  return [address, has(r.city) ? null : r.city, region || null].filter(Boolean).join(', ');
}

/**
 * Directions to the restaurant in the phone's maps app: Google Maps' universal URL, which Android opens in the
 * Google Maps app and iOS in Google Maps when it is installed, else in the browser's Google Maps, which offers
 * Apple Maps or the app; desktops get the web map. (`geo:` opens nothing on iOS, and an Apple Maps link is
 * web-only on Android.)
 */
export function directionsUrl(job: JobPlace): string | null {
  const destination = mapsDestination(job);
  return destination
    ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`
    : null;
}

/** "Directions": the restaurant's address in the maps app (a new tab on a desktop). */
export function DirectionsLink({ job, className }: { job: JobPlace; className?: string }) {
  const { t } = useTranslation('jobs');
  const href = directionsUrl(job);
  if (!href) return null;
  return (
    <a
      className={className ?? 'directions'}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('directions.to', { name: job?.restaurant_profiles?.name ?? '' })}
    >
      {t('directions.label')}
    </a>
  );
}
