import {
  escrowCharge,
  formatUsd,
  type EditMoney,
  type EditRefusal,
  type CredentialType,
  type EventPostingShape,
  type Language,
  type PostingShape,
  type jobsHttp,
} from '@brigade/contracts';
import { AppError } from '@brigade/kit';
import type { JobRow, SeatRow } from './records';

// Issue 35 (ADR 0031): the pure parts of an edit of a posted shift. The money and its refusals are contracts'
// (`editMoney`, `editRefusal`); here: the shapes read from a job and a request, the refusal as the API answers
// it, and the quote in words.

/** What an edit changes: the posting's shape, and its words when they change (undefined: unchanged). */
export interface EditTerms extends PostingShape {
  start_time: Date;
  end_time: Date;
  description?: string | null;
  required_skills?: string[];
  /** Issue 39: the credentials chefs must hold from now on (gates who takes it next; moves no money) */
  required_credentials?: CredentialType[];
}

/** A stored edit's shape (jobs.job_edits.before / after, ISO times), as the events carry it. */
export type StoredShape = EventPostingShape & {
  description?: string | null;
  required_skills?: string[];
  required_credentials?: CredentialType[];
};

/** The edit's fields (a PATCH body or the quote's query), as jobs stores them. */
export interface EditInput {
  startTime?: string;
  endTime?: string;
  hourlyRate?: number;
  break_minutes?: number;
  headcount?: number;
  description?: string | null;
  requiredSkills?: string[];
  required_credentials?: CredentialType[];
}

export type EditStatus = 'charging' | 'applied' | 'declined' | 'dropped';
/** Issue 37: a boost is an edit of the rate only of an unfilled shift (migration 0028). */
export type EditKind = 'edit' | 'boost';

/** A jobs.job_edits row. */
export interface JobEditRow {
  id: string;
  job_id: string;
  before: StoredShape;
  after: StoredShape;
  charge_cents: number;
  refund_cents: number;
  status: EditStatus;
  code: string | null;
  /** 'edit' unless it is a boost (issue 37) */
  kind: EditKind;
  created_at: Date;
  updated_at: Date;
}

/** The job's shape now. */
export function shapeOfJob(job: JobRow): EditTerms {
  return {
    start_time: job.start_time,
    end_time: job.end_time,
    hourly_rate_cents: job.hourly_rate_cents,
    break_minutes: job.break_minutes,
    headcount: job.headcount,
  };
}

/** The job's shape after the edit: each field given replaces the job's; words only when given. */
export function shapeAfter(job: JobRow, input: EditInput): EditTerms {
  const after: EditTerms = {
    start_time: input.startTime ? new Date(input.startTime) : job.start_time,
    end_time: input.endTime ? new Date(input.endTime) : job.end_time,
    hourly_rate_cents:
      input.hourlyRate === undefined ? job.hourly_rate_cents : Math.round(input.hourlyRate * 100),
    break_minutes: input.break_minutes ?? job.break_minutes,
    headcount: input.headcount ?? job.headcount,
  };
  if (input.description !== undefined) after.description = input.description ? input.description : null;
  if (input.requiredSkills !== undefined) after.required_skills = [...new Set(input.requiredSkills)];
  if (input.required_credentials !== undefined) after.required_credentials = input.required_credentials;
  return after;
}

/** Whether the edit changes the description, the skills or the required credentials (words move no money). */
export function wordsChanged(job: JobRow, after: EditTerms): boolean {
  const description = after.description !== undefined && after.description !== job.description;
  const skills =
    after.required_skills !== undefined &&
    JSON.stringify(after.required_skills) !== JSON.stringify(job.required_skills);
  const credentials =
    after.required_credentials !== undefined &&
    JSON.stringify(after.required_credentials) !== JSON.stringify(job.required_credentials);
  return description || skills || credentials;
}

/** A shape as stored and published (ISO times). */
export function storedShape(terms: EditTerms): StoredShape {
  const { start_time, end_time, ...rest } = terms;
  return { ...rest, start_time: start_time.toISOString(), end_time: end_time.toISOString() };
}

/** A stored shape back as terms. */
export function termsOf(shape: StoredShape): EditTerms {
  return { ...shape, start_time: new Date(shape.start_time), end_time: new Date(shape.end_time) };
}

/** Only the posting's shape (the events' `before` / `after`). */
export function eventShape(terms: EditTerms | StoredShape): EventPostingShape {
  return {
    start_time: new Date(terms.start_time).toISOString(),
    end_time: new Date(terms.end_time).toISOString(),
    hourly_rate_cents: terms.hourly_rate_cents,
    break_minutes: terms.break_minutes,
    headcount: terms.headcount,
  };
}

const REFUSAL_TEXT: Record<EditRefusal['code'], string> = {
  'JOBS.EDIT_TOO_LATE':
    'Shifts can no longer be changed this close to the start: cancel it instead if you must',
  'JOBS.SEATS_BOOKED': 'Only unbooked seats can be removed: more chefs are booked than that',
  'JOBS.PAY_CUT_BOOKED': "A booked chef's pay cannot be lowered",
  'JOBS.EDIT_UNDER_MINIMUM': 'This change moves less than the $0.50 a card can be charged or refunded',
};

/** An edit's refusal as the API answers it: its status, code, text and figures (nothing changed). */
export function refusalError(refusal: EditRefusal): AppError {
  const { code, status, ...details } = refusal;
  return new AppError(status, code, REFUSAL_TEXT[code], details);
}

/** The quote in words, in the caller's language. */
export function editReasonText(money: Pick<EditMoney, 'charge_cents' | 'refund_cents'>, language: Language) {
  if (money.charge_cents > 0)
    return language === 'es'
      ? `${formatUsd(money.charge_cents)} más, cobrados a tu tarjeta registrada`
      : `${formatUsd(money.charge_cents)} more, charged to your card on file`;
  if (money.refund_cents > 0)
    return language === 'es'
      ? `${formatUsd(money.refund_cents)} de vuelta a tu tarjeta`
      : `${formatUsd(money.refund_cents)} back to your card`;
  return language === 'es' ? 'Sin cambio en el costo' : 'No change in cost';
}

/** A shift's terms as a booked chef reads them (ShiftTerms): dollars per hour, and one seat's pay at them. */
export function shiftTerms(shape: StoredShape): jobsHttp.ShiftTerms {
  return {
    start_time: new Date(shape.start_time).toISOString(),
    end_time: new Date(shape.end_time).toISOString(),
    hourly_rate: shape.hourly_rate_cents / 100,
    break_minutes: shape.break_minutes,
    pay_cents: escrowCharge(shape).subtotalCents,
  };
}

/** 409 JOBS.NOT_EDITABLE, 409 JOBS.EDIT_PENDING, 409 JOBS.NO_EDIT_TO_ANSWER. */
export const EditErrors = {
  notEditable: () =>
    new AppError(
      409,
      'JOBS.NOT_EDITABLE',
      'Only an open or booked shift that has not started can be changed',
    ),
  editPending: () =>
    new AppError(
      409,
      'JOBS.EDIT_PENDING',
      'An earlier change to this shift is still being charged: wait a moment',
    ),
  noEditToAnswer: () =>
    new AppError(409, 'JOBS.NO_EDIT_TO_ANSWER', 'There is no change of this shift waiting for your answer'),
};

/** Whether the job may be edited now: open or filled, its escrow held, not started. */
export function isEditable(
  job: Pick<JobRow, 'status' | 'payment_status' | 'start_time'>,
  now: Date,
): boolean {
  return (
    (job.status === 'open' || job.status === 'filled') &&
    job.payment_status === 'held_in_escrow' &&
    now.getTime() < job.start_time.getTime()
  );
}

/**
 * The seats an edit removes: the last ones, numbered above the new headcount (a posting's seats are always 1 to
 * its headcount: payments prices and refunds them so, ADR 0030/0031), or null when one of them is booked or
 * held by an acceptance awaiting its chef, so that removal is refused. A seat frees up below a booked one only
 * when its chef cancelled; the restaurant then keeps the seat or removes it once the later seats are free.
 */
export function seatsToRemove(
  seats: ReadonlyArray<Pick<SeatRow, 'seat_no' | 'status' | 'application_id'>>,
  before: number,
  after: number,
): number[] | null {
  if (after >= before) return [];
  const removing = seats.filter((s) => s.seat_no > after);
  if (removing.some((s) => s.status !== 'open' || s.application_id !== null)) return null;
  return removing.map((s) => s.seat_no).sort((a, b) => b - a);
}
