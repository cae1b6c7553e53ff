import { sql } from '@brigade/kit';

/**
 * The columns that describe a seat's chef side (issue 35, ADR 0030): they moved from jobs.jobs to jobs.seats in
 * migration 0018. Every job has one seat until postings of several chefs arrive, and every job answer shows
 * them as before, from seat 1: the reads below overlay seat 1's columns on the job row, so each answer is byte
 * for byte what it was when they sat on the job.
 */
export const SEAT_ONE_FIELDS = [
  'restaurant_checkout_completed',
  'chef_checkout_completed',
  'restaurant_work_completed',
  'chef_work_completed',
  'chef_rating',
  'restaurant_rating',
  'restaurant_feedback',
  'chef_feedback',
  // issue 39: each rating public (its review published, not hidden): the other side reads it only then
  'chef_rating_public',
  'restaurant_rating_public',
  'restaurant_checked_out_at',
  'chef_checked_out_at',
  'cancelled_chef_id',
  'cancel_chef_pay_cents',
  'cancel_fee_cents',
  'cancel_refund_cents',
  'money_reason',
  'money_chef_pay_cents',
  'money_fee_cents',
  'money_refund_cents',
] as const;
export type SeatOneField = (typeof SEAT_ONE_FIELDS)[number];

/**
 * Every column of jobs.jobs, in the table's order: what `j.*` read, named (issue 41). A read that names its
 * columns can be a prepared statement (a `select *` plan fails with "cached plan must not change result type"
 * once a migration adds a column), and keeps its shape while a rolling deploy migrates. A migration that adds a
 * column to jobs.jobs adds it here; the seats test compares this list with the migrated table.
 */
export const JOB_COLUMNS = [
  'id',
  'restaurant_id',
  'title',
  'description',
  'start_time',
  'end_time',
  'hourly_rate_cents',
  'subtotal_cents',
  'fee_cents',
  'total_cents',
  'emergency_level',
  'required_skills',
  'notify_favorites',
  'status',
  'payment_status',
  'created_at',
  'updated_at',
  'cancelled_at',
  'cancelled_by',
  'cancelled_late',
  'cancel_reason',
  'description_translation',
  'cancel_reason_translation',
  'break_minutes',
  'clock_code',
  'headcount',
  'series_id',
  'occurrence_date',
  'roster_first_minutes',
  'roster_first_until',
  'roster_window_ended_at',
  'instant_book',
  'boosted_from_rate_cents',
  'required_credentials',
] as const;

const jobColumnList = JOB_COLUMNS.map((c) => `j.${c}`).join(', ');
/** The job `j`'s own columns (JOB_COLUMNS), to select where `j.*` was. */
export const jobColumns = sql.raw(jobColumnList);

/** `join jobs.seats s1` on the job `j`'s seat 1 (every job has it). */
export const seatOneJoin = sql.raw(`join jobs.seats s1 on s1.job_id = j.id and s1.seat_no = 1`);

/**
 * `join jobs.seats s1` on the seat the application `a` booked, else the job `j`'s seat 1 (issue 35): an
 * application's answers read its own seat's chef side (a job of one seat: seat 1, as before).
 */
export const applicationSeatJoin = sql.raw(`left join jobs.seats sa on sa.application_id = a.id
  join jobs.seats s1 on s1.job_id = j.id and s1.seat_no = coalesce(sa.seat_no, 1)`);

const seatOneColumnList = SEAT_ONE_FIELDS.map((c) => `s1.${c}`).join(', ');
/** Seat 1's columns, to select beside the job's own (`jobColumns`). */
export const seatOneColumns = sql.raw(seatOneColumnList);

/** A seat with a confirmed chef, or worked (Job.seats.booked, issue 35). */
export const BOOKED_SEAT_STATUSES = ['filled', 'completed', 'disputed'] as const;

const countSeats = (where: string) =>
  `(select count(*)::int from jobs.seats sc where sc.job_id = j.id and ${where})`;

/**
 * The job `j` as `to_jsonb(j)` returned it before seats: the row with seat 1's columns over it, and (issue 35)
 * its seats counted: `seats_booked` (a confirmed chef, or worked) and `seats_open` (nobody holds it yet), and
 * `seats_cancel`, a cancellation's figures summed over the seats (the posting's, for a job of several), and
 * `seat_view`: the overlaid seat's number, status, payment status (domain/seats.ts `seatedJob`) and chef (whose
 * own rating the answer may show, issue 39).
 */
export const jobJson = sql.raw(
  `(to_jsonb(j) || jsonb_build_object(${SEAT_ONE_FIELDS.map((c) => `'${c}', s1.${c}`).join(', ')},
    'seats_booked', ${countSeats(`sc.status in (${BOOKED_SEAT_STATUSES.map((st) => `'${st}'`).join(', ')})`)},
    'seats_open', ${countSeats(`sc.status = 'open'`)},
    'seat_view', jsonb_build_object('seat_no', s1.seat_no, 'status', s1.status, 'payment_status', s1.payment_status,
      'chef_id', s1.chef_id),
    'seats_cancel', (select jsonb_build_object('chef_pay_cents', sum(sc.cancel_chef_pay_cents),
      'fee_cents', sum(sc.cancel_fee_cents), 'refund_cents', sum(sc.cancel_refund_cents))
      from jobs.seats sc where sc.job_id = j.id)))`,
);

/** The job `j` with seat 1's columns, as a row source: `${jobRows} j` where `jobs.jobs j` was. */
export const jobRows = sql.raw(`(select ${jobColumnList}, ${seatOneColumnList}
  from jobs.jobs j join jobs.seats s1 on s1.job_id = j.id and s1.seat_no = 1)`);
