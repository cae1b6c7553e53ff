import { postingOfSeats, type PostingFigures } from './money';
import type { Policy } from './policy';
import { escrowCharge, type TimesheetShift } from './timesheet-pay';

/**
 * The money of an edit to a posted shift (issue 35, ADR 0031), as pure functions over integer cents. Jobs
 * answers `GET /jobs/{id}/edit-quote` and refuses a `PATCH /jobs/{id}` with them; payments recomputes them from
 * its own records before it charges the card on file or refunds in part; the web app shows them before the
 * restaurant saves. An edit is one of: new times, a new rate, a new break, a new headcount (adding or removing
 * unbooked seats), or words only (description, skills), which move no money.
 */

/** What decides a posting's price: its times, rate and break, and how many seats it has. */
export interface PostingShape extends TimesheetShift {
  headcount: number;
}

/** The figures of a posting of this shape: one seat's price × headcount (one charge of the whole posting). */
export function postingFigures(shape: PostingShape): PostingFigures {
  const posting = postingOfSeats(escrowCharge(shape), shape.headcount);
  return {
    subtotal_cents: posting.subtotalCents,
    fee_cents: posting.feeCents,
    total_cents: posting.totalCents,
  };
}

/** One seat's figures for a shape (the share every seat of the posting has); the web app's `seatFigures` reads a stored job. */
function seatFigures(shape: TimesheetShift): PostingFigures {
  const seat = escrowCharge(shape);
  return { subtotal_cents: seat.subtotalCents, fee_cents: seat.feeCents, total_cents: seat.totalCents };
}

/** What an edit moves: a charge or a refund (never both), and each seat's old and new share. */
export interface EditMoney {
  old_total_cents: number;
  new_total_cents: number;
  /** charged off-session to the card on file when the edit is saved (0 when the total does not rise) */
  charge_cents: number;
  /** refunded in part to the card when the edit is saved (0 when the total does not fall) */
  refund_cents: number;
  /** one seat's figures before and after */
  old_seat: PostingFigures;
  new_seat: PostingFigures;
  /** seats added (each charged the new share) or removed (each refunded the old share) */
  seats_added: number;
  seats_removed: number;
}

/**
 * The money of changing a posting from `before` to `after`. Seats that stay move the difference of their share;
 * seats added are charged the new share; seats removed are refunded the old share. The charge and the refund
 * are netted into one movement: a total that rises is charged, one that falls is refunded.
 */
export function editMoney(before: PostingShape, after: PostingShape): EditMoney {
  const oldSeat = seatFigures(before);
  const newSeat = seatFigures(after);
  const oldTotal = oldSeat.total_cents * before.headcount;
  const newTotal = newSeat.total_cents * after.headcount;
  return {
    old_total_cents: oldTotal,
    new_total_cents: newTotal,
    charge_cents: Math.max(0, newTotal - oldTotal),
    refund_cents: Math.max(0, oldTotal - newTotal),
    old_seat: oldSeat,
    new_seat: newSeat,
    seats_added: Math.max(0, after.headcount - before.headcount),
    seats_removed: Math.max(0, before.headcount - after.headcount),
  };
}

/** Why an edit cannot be made, with the code the API answers. */
export type EditRefusal =
  /** 409: inside LATE_CANCEL_WINDOW of the start (or past it): edits close when cancelling becomes late */
  | { code: 'JOBS.EDIT_TOO_LATE'; status: 409; late_from: string }
  /** 409: fewer seats than are booked: only unbooked seats can be removed */
  | { code: 'JOBS.SEATS_BOOKED'; status: 409; booked: number }
  /** 400: a booked chef's pay (their seat's subtotal) would fall */
  | { code: 'JOBS.PAY_CUT_BOOKED'; status: 400; old_pay_cents: number; new_pay_cents: number }
  /** 400: the difference is under the card minimum: a card cannot be charged (or sensibly refunded) that little */
  | { code: 'JOBS.EDIT_UNDER_MINIMUM'; status: 400; difference_cents: number; card_minimum_cents: number };

/**
 * The rules of an edit that are about money and seats (the posting window and the minimum shift length are the
 * posting's own rules, checked as at posting): null when the edit may be made.
 */
export function editRefusal(
  policy: Pick<Policy, 'lateCancelWindowMs' | 'cardMinimumCents'>,
  before: PostingShape,
  after: PostingShape,
  bookedSeats: number,
  now: Date,
): EditRefusal | null {
  const lateFrom = new Date(before.start_time).getTime() - policy.lateCancelWindowMs;
  if (now.getTime() >= lateFrom)
    return { code: 'JOBS.EDIT_TOO_LATE', status: 409, late_from: new Date(lateFrom).toISOString() };
  if (after.headcount < bookedSeats) return { code: 'JOBS.SEATS_BOOKED', status: 409, booked: bookedSeats };
  const money = editMoney(before, after);
  if (bookedSeats > 0 && money.new_seat.subtotal_cents < money.old_seat.subtotal_cents)
    return {
      code: 'JOBS.PAY_CUT_BOOKED',
      status: 400,
      old_pay_cents: money.old_seat.subtotal_cents,
      new_pay_cents: money.new_seat.subtotal_cents,
    };
  const difference = money.charge_cents + money.refund_cents;
  if (difference > 0 && difference < policy.cardMinimumCents)
    return {
      code: 'JOBS.EDIT_UNDER_MINIMUM',
      status: 400,
      difference_cents: difference,
      card_minimum_cents: policy.cardMinimumCents,
    };
  return null;
}

/**
 * Whether a booked seat's chef must answer the edit (`POST /applications/{id}/edit-answer`): new times or a new
 * rate (or break) change the shift they said yes to. Words and seats do not.
 */
export function editNeedsChefAnswer(before: TimesheetShift, after: TimesheetShift): boolean {
  const same = (a: Date | string, b: Date | string) => new Date(a).getTime() === new Date(b).getTime();
  return (
    !same(before.start_time, after.start_time) ||
    !same(before.end_time, after.end_time) ||
    before.hourly_rate_cents !== after.hourly_rate_cents ||
    before.break_minutes !== after.break_minutes
  );
}

/**
 * When a booked chef's answer to an edit is due: EDIT_ANSWER_WINDOW after the edit, and at the latest the
 * (new) start. No answer keeps the booking at the new terms.
 */
export function editAnswerDue(
  policy: Pick<Policy, 'editAnswerWindowMs'>,
  editedAt: Date,
  newStart: Date | string,
): Date {
  return new Date(Math.min(editedAt.getTime() + policy.editAnswerWindowMs, new Date(newStart).getTime()));
}

const WEEKDAY_INDEX = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } as const;

/**
 * The calendar dates of a weekly series (issue 35): every date from `from` to `until`, both included, whose
 * weekday is one of `weekdays` ("YYYY-MM-DD" in the restaurant's own calendar; no time zone is involved).
 * The web app counts them for the series' total before paying; jobs creates one occurrence per date.
 */
export function seriesDates(
  weekdays: ReadonlyArray<keyof typeof WEEKDAY_INDEX>,
  from: string,
  until: string,
): string[] {
  const wanted = new Set<number>(weekdays.map((d) => WEEKDAY_INDEX[d]));
  const day = new Date(`${from}T12:00:00Z`);
  const last = new Date(`${until}T12:00:00Z`).getTime();
  const dates: string[] = [];
  for (; day.getTime() <= last; day.setUTCDate(day.getUTCDate() + 1))
    if (wanted.has(day.getUTCDay())) dates.push(day.toISOString().slice(0, 10));
  return dates;
}

/** The last date a series or a repeat may reach from `today`: SERIES_MAX_WEEKS weeks ahead. */
export function seriesLastDate(policy: Pick<Policy, 'seriesMaxWeeks'>, today: string): string {
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 7 * policy.seriesMaxWeeks);
  return day.toISOString().slice(0, 10);
}
