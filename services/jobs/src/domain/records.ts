import type {
  ApplicationStatus,
  CredentialType,
  JobStatus,
  MoneyReason,
  PaymentStatus,
  SeatStatus,
  TimesheetStatus,
} from '@brigade/contracts';

// The records use cases and the domain work with (a jobs.jobs row, a jobs.applications row, as db/ returns
// them): types only, so domain/ and use-cases/ need nothing from db/ to name them.

/** The chef's side of a job, kept per seat (jobs.seats) and read on a job row as its seat 1's. */
export interface SeatFields {
  restaurant_checkout_completed: boolean;
  chef_checkout_completed: boolean;
  restaurant_work_completed: boolean | null;
  chef_work_completed: boolean | null;
  chef_rating: number | null;
  restaurant_rating: number | null;
  restaurant_feedback: string | null;
  chef_feedback: string | null;
  /**
   * Issue 39: whether each rating is public (its review published and not hidden). The side rated reads it only
   * then; its author always (queries/presenters.ts `ratingsFor`).
   */
  chef_rating_public: boolean;
  restaurant_rating_public: boolean;
  /** When each side answered its checkout (null before; shifts checked out before issue 17 too). */
  restaurant_checked_out_at: Date | null;
  chef_checked_out_at: Date | null;
  /** A cancellation's quote at that moment, for the chef it paid (null unless cancelled). */
  cancelled_chef_id: string | null;
  cancel_chef_pay_cents: number | null;
  cancel_fee_cents: number | null;
  cancel_refund_cents: number | null;
  /**
   * The money decision's reason and figures (issue 32): an operator's decision when it is made, then what
   * payments' closing event says the ledger moved. Null before.
   */
  money_reason: MoneyReason | null;
  money_chef_pay_cents: number | null;
  money_fee_cents: number | null;
  money_refund_cents: number | null;
}

/**
 * A jobs.jobs row as the driver returns it, with its seat 1's columns (issue 35: the chef's side of a job sits
 * on jobs.seats; reads overlay seat 1's, db/seat-views.ts, and a use case about one seat reads its own).
 */
export interface JobRow extends SeatFields {
  id: string;
  restaurant_id: string;
  title: string;
  description: string | null;
  start_time: Date;
  end_time: Date;
  hourly_rate_cents: number;
  subtotal_cents: number;
  fee_cents: number;
  total_cents: number;
  /** Issue 35: the chefs the posting asks for (its seats, 1-20). */
  headcount: number;
  /** Issue 35, on rows the views read (db/seat-views.ts `jobJson`): seats booked (or worked), and still open. */
  seats_booked?: number;
  seats_open?: number;
  seats_cancel?: { chef_pay_cents: number | null; fee_cents: number | null; refund_cents: number | null };
  /** the seat whose chef side the row carries (seat 1, or an application's own), and its chef (issue 39) */
  seat_view?: Pick<SeatRow, 'seat_no' | 'status' | 'payment_status'> & { chef_id?: string | null };
  /** The posting's expected unpaid break in minutes (issue 34): the escrow charges the scheduled time less it. */
  break_minutes: number;
  /** The restaurant's 4-digit clock code, set when a chef confirms (issue 34); its owner only sees it. */
  clock_code: string | null;
  emergency_level: 'normal' | 'urgent';
  required_skills: string[];
  notify_favorites: string[];
  status: JobStatus;
  payment_status: PaymentStatus;
  /** How it was cancelled (null unless cancelled); its figures are seat 1's (SeatFields). */
  cancelled_at: Date | null;
  cancelled_by: 'restaurant' | 'system' | null;
  cancelled_late: boolean | null;
  cancel_reason: string | null;
  /** The description's and the cancellation reason's translations (issue 32, domain/text-translation.ts). */
  description_translation?: unknown;
  cancel_reason_translation?: unknown;
  created_at: Date;
  updated_at: Date;
  /** Issue 35: the series (or repeat) this job is an occurrence of (migration 0022); null for a single post. */
  series_id?: string | null;
  /** Issue 37: the roster-first window's length (0: none), and its end, set when the shift opened to chefs. */
  roster_first_minutes?: number;
  roster_first_until?: Date | null;
  /** Issue 37: when the rules loop saw the window end (jobs.job.roster_window_ended.v1 published once). */
  roster_window_ended_at?: Date | null;
  /** Issue 37 (migration 0023): chefs who meet the bar may book it at once. */
  instant_book?: boolean;
  /** Issue 37: the rate before the restaurant's first boost, in cents; null when never boosted. */
  boosted_from_rate_cents?: number | null;
  /** Issue 39 (migration 0031): the credentials a chef must hold, verified and unexpired, to take it. */
  required_credentials: CredentialType[];
}

/** A jobs.seats row (issue 35, ADR 0030): one seat of a job, the unit of work and money. */
export interface SeatRow extends SeatFields {
  job_id: string;
  seat_no: number;
  /** the application that booked it (its chef confirmed); null while free */
  application_id: string | null;
  chef_id: string | null;
  status: SeatStatus;
  /** how the seat's share left escrow (payments' closing event for the seat); null while held (migration 0019) */
  payment_status?: ClosedPaymentStatus | null;
}

/** A payment status once the money has left escrow. */
export type ClosedPaymentStatus = Extract<PaymentStatus, 'completed' | 'refunded' | 'settled'>;

export interface ApplicationRow {
  id: string;
  job_id: string;
  chef_id: string;
  chef_profile_id: string | null;
  status: ApplicationStatus;
  worker_confirmed: boolean | null;
  created_at: Date;
  updated_at: Date;
  /** Issue 35, on rows the job page reads: the seat this application booked (null before, or never). */
  seat_no?: number | null;
  /** Issue 37: when a confirmed chef must reconfirm by (null: none due), when asked, when they did. */
  reconfirm_by?: Date | null;
  reconfirm_asked_at?: Date | null;
  reconfirmed_at?: Date | null;
  /** Issue 37: turned down because the shift filled (not by the restaurant): may still take a standby seat. */
  closed_at_fill?: boolean;
}

/** A jobs.timesheets row (issue 34): one per confirmed application, from its first clock event. */
export interface TimesheetRow {
  application_id: string;
  job_id: string;
  chef_id: string;
  status: TimesheetStatus;
  clock_in_at: Date | null;
  clock_out_at: Date | null;
  break_minutes: number;
  clock_in_set_by_restaurant: boolean;
  worked_minutes: number | null;
  late: boolean;
  auto_clocked_out: boolean;
  submitted_at: Date | null;
  chef_clock_in_at: Date | null;
  chef_clock_out_at: Date | null;
  chef_break_minutes: number | null;
  adjusted_at: Date | null;
  adjust_reason: string | null;
  adjust_language: 'en' | 'es' | null;
  no_show_at: Date | null;
  no_show_final_at: Date | null;
  settled_at: Date | null;
  chef_pay_cents: number | null;
  fee_cents: number | null;
  extra_charge_cents: number | null;
  /** the extra payments collected for this seat (payments.extra_charge.collected.v1); 0 before */
  extra_collected_cents: number;
  refund_cents: number | null;
  running_late_minutes: number | null;
  running_late_at: Date | null;
  wrong_codes: number;
  locked_until: Date | null;
}

export interface TimesheetEventRow {
  id: string;
  application_id: string;
  type: string;
  at: Date;
  by: 'chef' | 'restaurant' | 'operator' | 'system';
  method: 'location' | 'code' | null;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  distance_m: number | null;
  clock_in_at: Date | null;
  clock_out_at: Date | null;
  break_minutes: number | null;
  minutes: number | null;
  note: string | null;
}
