import {
  busyWindow,
  checkoutDeadline,
  checkoutOpensAt,
  lateCancelFrom,
  type jobsHttp,
  type Policy,
  presentTranslation,
  reviewPublishesAt,
} from '@brigade/contracts';
import type { HeldShift } from '../domain/booking';
import type { SeatRow } from '../domain/records';
import { emptyChefReliability, type ChefReliability } from '../db/reliability.repository';
import {
  toJson,
  type ApplicationRow,
  type ChefProfileJson,
  type JobRow,
  type RestaurantProfileJson,
} from '../db/rows';

// Rows to the response shapes of contracts/src/http/jobs.ts: no queries here, only mapping.

export type Job = jobsHttp.Job;
export type Application = jobsHttp.Application;
export type ApplicationOfJob = Omit<Application, 'job_postings'>;
export type Chef = NonNullable<Application['chef_profiles']>;
export type Restaurant = NonNullable<Job['restaurant_profiles']>;
export type BookedShift = jobsHttp.BookedShift;
export type JobSeat = jobsHttp.JobSeat;

const numberOrNull = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/**
 * Who reads a job's or a seat's ratings (issue 39): the restaurant that owns it, the chef of that seat, an
 * operator, or anyone else (null: another chef, the shared open list).
 */
export type RatingReader = 'restaurant' | 'chef' | 'operator' | null;

/**
 * The ratings a reader may see (issue 39, double-blind): their own as they gave it; the other side's only once
 * its review is published and not hidden (`*_rating_public`); operators every one. Everyone else reads only the
 * public ones. `chef_rating` is the restaurant's rating of the chef, `restaurant_rating` the chef's.
 */
export function ratingsFor(
  seat: Pick<JobRow, 'chef_rating' | 'restaurant_rating' | 'chef_rating_public' | 'restaurant_rating_public'>,
  reader: RatingReader,
): { chef_rating: number | null; restaurant_rating: number | null } {
  const all = reader === 'operator';
  return {
    chef_rating: all || reader === 'restaurant' || seat.chef_rating_public ? seat.chef_rating : null,
    restaurant_rating:
      all || reader === 'chef' || seat.restaurant_rating_public ? seat.restaurant_rating : null,
  };
}

/**
 * The reader of a job row's ratings: its owner, or the chef of the seat the row carries (db/seat-views.ts
 * `seat_view`); any other chef reads only what is public.
 */
export function ratingReaderOf(
  viewer: { id: string; type: 'chef' | 'restaurant' },
  job: Pick<JobRow, 'restaurant_id' | 'seat_view'>,
): RatingReader {
  if (viewer.type === 'restaurant') return job.restaurant_id === viewer.id ? 'restaurant' : null;
  return job.seat_view?.chef_id && job.seat_view.chef_id === viewer.id ? 'chef' : null;
}

export function presentRestaurant(rp: RestaurantProfileJson | null): Restaurant | null {
  if (!rp) return null;
  return {
    user_id: rp.user_id,
    name: rp.name,
    address: rp.address ?? '',
    city: rp.city ?? '',
    state: rp.state ?? '',
    zip: rp.zip ?? null,
    logo_url: rp.logo_url ?? null,
    cuisine_types: toJson<string[]>(rp.cuisine_types, []),
    average_rating: numberOrNull(rp.average_rating),
    total_ratings: Number(rp.total_ratings ?? 0),
  };
}

export function presentChef(cp: ChefProfileJson | null, reliability?: ChefReliability): Chef | null {
  if (!cp) return null;
  return {
    id: cp.profile_id,
    user_id: cp.user_id,
    name: cp.name,
    bio: cp.bio ?? '',
    skills: toJson<string[]>(cp.skills, []),
    travel_radius: numberOrNull(cp.travel_radius),
    profile_image_url: cp.profile_image_url ?? null,
    city: cp.city ?? null,
    average_rating: numberOrNull(cp.average_rating),
    total_ratings: Number(cp.total_ratings ?? 0),
    languages: toJson<string[]>(cp.languages, []),
    reliability: reliability ?? emptyChefReliability(),
  };
}

function presentCancellation(job: JobRow): Job['cancellation'] {
  if (!job.cancelled_at) return null;
  // A posting of several seats shows its seats' figures summed (issue 35); a job of one, its seat's.
  const figures =
    job.headcount > 1 && job.seats_cancel
      ? job.seats_cancel
      : {
          chef_pay_cents: job.cancel_chef_pay_cents,
          fee_cents: job.cancel_fee_cents,
          refund_cents: job.cancel_refund_cents,
        };
  return {
    cancelled_by: job.cancelled_by ?? 'restaurant',
    late: job.cancelled_late === true,
    chef_pay_cents: Number(figures.chef_pay_cents ?? 0),
    fee_cents: Number(figures.fee_cents ?? 0),
    refund_cents: Number(figures.refund_cents ?? 0),
    reason: job.cancel_reason,
    reason_translation: presentTranslation(job.cancel_reason_translation),
    cancelled_at: job.cancelled_at.toISOString(),
  };
}

export function presentJob(
  job: JobRow,
  rp: RestaurantProfileJson | null,
  policy: Policy,
  /** The moment of the answer: a roster-first window that ended by then reads null (the rules loop may lag). */
  now?: Date,
  /** Whose ratings these are to read (issue 39): none given, only the public ones. */
  reader: RatingReader = null,
): Job {
  const minutes = Math.round((job.end_time.getTime() - job.start_time.getTime()) / 60000);
  return {
    id: job.id,
    restaurant_id: job.restaurant_id,
    title: job.title,
    description: job.description,
    description_translation: presentTranslation(job.description_translation),
    start_time: job.start_time.toISOString(),
    end_time: job.end_time.toISOString(),
    hours: minutes / 60,
    hourly_rate: job.hourly_rate_cents / 100,
    subtotal_cents: job.subtotal_cents,
    fee_cents: job.fee_cents,
    total_cents: job.total_cents,
    break_minutes: job.break_minutes,
    emergency_level: job.emergency_level,
    status: job.status,
    payment_status: job.payment_status,
    required_skills: job.required_skills,
    notify_favorites: job.notify_favorites,
    restaurant_checkout_completed: job.restaurant_checkout_completed,
    chef_checkout_completed: job.chef_checkout_completed,
    ...ratingsFor(job, reader),
    created_at: job.created_at.toISOString(),
    updated_at: job.updated_at.toISOString(),
    restaurant_profiles: presentRestaurant(rp),
    late_cancel_from: lateCancelFrom(policy, job.start_time).toISOString(),
    checkout_deadline: checkoutDeadline(policy, job.end_time).toISOString(),
    checkout_opens_at: checkoutOpensAt(job.end_time).toISOString(),
    review_publishes_at: reviewPublishesAt(policy, job.end_time).toISOString(),
    cancellation: presentCancellation(job),
    headcount: job.headcount,
    seats: presentSeats(job),
    series_id: job.series_id ?? null,
    roster_first_until: rosterWindowOf(job, now),
    // Issue 37: instant book and the rate before a boost (the "Boosted, was $N/h" badge).
    instant_book: job.instant_book === true,
    boosted_from_rate: job.boosted_from_rate_cents == null ? null : Number(job.boosted_from_rate_cents) / 100,
    // Issue 39: what a chef must hold to take it (everyone still sees it)
    required_credentials: job.required_credentials ?? [],
  };
}

/** Issue 37: the end of the shift's roster-first window while it runs, else null. */
export function rosterWindowOf(
  job: Pick<JobRow, 'roster_first_until' | 'roster_window_ended_at'>,
  now?: Date,
): string | null {
  const until = job.roster_first_until;
  if (!until || job.roster_window_ended_at) return null;
  return now && until.getTime() <= now.getTime() ? null : until.toISOString();
}

/**
 * "2 of 3 booked" (issue 35): booked seats have a confirmed chef (or were worked); open ones can still be
 * booked, so none once the job is no longer open (filled, past its start and expired, cancelled).
 */
export function presentSeats(job: JobRow): NonNullable<Job['seats']> {
  const booked = job.seats_booked ?? 0;
  return {
    total: job.headcount,
    booked,
    open: job.status === 'open' ? (job.seats_open ?? Math.max(0, job.headcount - booked)) : 0,
  };
}

/**
 * A job answer as the chef of one seat of a posting of several reads it (issue 35): their seat's checkout
 * answers, ratings and cancellation figures over the job's (which show seat 1's). `seated` is the job as that
 * seat sees it (domain/seats.ts `withSeat`).
 */
export function presentSeatSide(view: Job, seated: JobRow, reader: RatingReader): Job {
  return {
    ...view,
    restaurant_checkout_completed: seated.restaurant_checkout_completed,
    chef_checkout_completed: seated.chef_checkout_completed,
    ...ratingsFor(seated, reader),
    cancellation: presentCancellation({ ...seated, headcount: 1 }),
  };
}

/**
 * One seat of the job page (GET /jobs/{id} to its owner): its chef and its own progress; the chef's rating of the
 * restaurant once its review is published (issue 39).
 */
export function presentSeat(seat: SeatRow, chefName: string | null): JobSeat {
  return {
    seat_no: seat.seat_no,
    status: seat.status,
    application_id: seat.application_id,
    chef_id: seat.chef_id,
    chef_name: chefName,
    restaurant_checkout_completed: seat.restaurant_checkout_completed,
    chef_checkout_completed: seat.chef_checkout_completed,
    ...ratingsFor(seat, 'restaurant'),
  };
}

/** A confirmed chef asked to reconfirm who has not yet (issue 37). */
const reconfirmDue = (app: ApplicationRow) =>
  app.status === 'accepted' &&
  app.worker_confirmed === true &&
  !!app.reconfirm_by &&
  !!app.reconfirm_asked_at &&
  !app.reconfirmed_at;

export function presentApplicationOfJob(app: ApplicationRow, cp: ChefProfileJson | null): ApplicationOfJob {
  return {
    id: app.id,
    job_id: app.job_id,
    chef_id: app.chef_id,
    status: app.status,
    worker_confirmed: app.worker_confirmed,
    created_at: app.created_at.toISOString(),
    updated_at: app.updated_at.toISOString(),
    // Issue 37: the deadline only while a reconfirmation is due (the chef was asked, at RECONFIRM_OPENS before
    // the start, and has not answered, still booked): a row write, so the lists' cached fragments follow it.
    // Before chef_profiles: the applications list splices the card in after the application's own fields.
    reconfirm_by: reconfirmDue(app) ? app.reconfirm_by!.toISOString() : null,
    reconfirmed_at: app.reconfirmed_at?.toISOString() ?? null,
    chef_profiles: presentChef(cp),
    // Issue 35: the job page's rows name the seat each booked (read with it); other lists leave it out.
    ...(app.seat_no === undefined ? {} : { seat_no: app.seat_no }),
  };
}

/** A shift the chef holds, as their own answers carry it (with its SHIFT_GAP-widened busy window). */
export function presentBooked(policy: Policy, held: HeldShift): BookedShift {
  return {
    job_id: held.job_id,
    title: held.title,
    restaurant_name: held.restaurant_name,
    city: held.city,
    start_time: held.start_time.toISOString(),
    end_time: held.end_time.toISOString(),
    confirmed: held.confirmed,
    ...busyWindow(policy, held),
  };
}
