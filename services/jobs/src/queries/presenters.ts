import {
  busyWindow,
  checkoutDeadline,
  checkoutOpensAt,
  lateCancelFrom,
  type jobsHttp,
  type Policy,
  presentTranslation,
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

export function presentJob(job: JobRow, rp: RestaurantProfileJson | null, policy: Policy): Job {
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
    chef_rating: job.chef_rating,
    restaurant_rating: job.restaurant_rating,
    created_at: job.created_at.toISOString(),
    updated_at: job.updated_at.toISOString(),
    restaurant_profiles: presentRestaurant(rp),
    late_cancel_from: lateCancelFrom(policy, job.start_time).toISOString(),
    checkout_deadline: checkoutDeadline(policy, job.end_time).toISOString(),
    checkout_opens_at: checkoutOpensAt(job.end_time).toISOString(),
    cancellation: presentCancellation(job),
    headcount: job.headcount,
    seats: presentSeats(job),
    series_id: job.series_id ?? null,
  };
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
export function presentSeatSide(view: Job, seated: JobRow): Job {
  return {
    ...view,
    restaurant_checkout_completed: seated.restaurant_checkout_completed,
    chef_checkout_completed: seated.chef_checkout_completed,
    chef_rating: seated.chef_rating,
    restaurant_rating: seated.restaurant_rating,
    cancellation: presentCancellation({ ...seated, headcount: 1 }),
  };
}

/** One seat of the job page (GET /jobs/{id} to its owner): its chef and its own progress. */
export function presentSeat(seat: SeatRow, chefName: string | null): JobSeat {
  return {
    seat_no: seat.seat_no,
    status: seat.status,
    application_id: seat.application_id,
    chef_id: seat.chef_id,
    chef_name: chefName,
    restaurant_checkout_completed: seat.restaurant_checkout_completed,
    chef_checkout_completed: seat.chef_checkout_completed,
    chef_rating: seat.chef_rating,
    restaurant_rating: seat.restaurant_rating,
  };
}

export function presentApplicationOfJob(app: ApplicationRow, cp: ChefProfileJson | null): ApplicationOfJob {
  return {
    id: app.id,
    job_id: app.job_id,
    chef_id: app.chef_id,
    status: app.status,
    worker_confirmed: app.worker_confirmed,
    created_at: app.created_at.toISOString(),
    updated_at: app.updated_at.toISOString(),
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
