import {
  editMoney,
  editNeedsChefAnswer,
  editRefusal,
  type EditMoney,
  type jobEditsHttp,
  type Language,
} from '@brigade/contracts';
import type { Executor } from '@brigade/kit';
import type { JobsContext } from '../context';
import { heldApplicationsOf } from '../db/applications.repository';
import { chargingEditOf } from '../db/job-edits.repository';
import { seatsOfJob } from '../db/seats.repository';
import {
  editReasonText,
  EditErrors,
  isEditable,
  refusalError,
  seatsToRemove,
  shapeAfter,
  shapeOfJob,
  type EditInput,
  type EditTerms,
} from '../domain/edits';
import type { JobRow, SeatRow } from '../domain/records';
import { checkedEscrowCharge, checkPostingWindow } from '../domain/posting';

/** A booked seat whose chef is asked to answer an edit. */
export interface SeatToAnswer {
  application_id: string;
  chef_id: string;
  seat_no: number;
}

export interface CheckedEdit {
  before: EditTerms;
  after: EditTerms;
  money: EditMoney;
  quote: jobEditsHttp.EditQuote;
  /** the booked seats whose chefs must answer (none when the times, rate and break stay) */
  toAnswer: SeatToAnswer[];
}

/**
 * The rules of an edit of `job` (issue 35, ADR 0031), in the order the PATCH and the quote answer them: the job
 * must be open or filled with its escrow held and not started (409 JOBS.NOT_EDITABLE), with no earlier edit
 * being charged (409 JOBS.EDIT_PENDING); the new times and pay obey the posting's own rules (as POST /jobs:
 * START_IN_PAST, END_BEFORE_START, SHIFT_TOO_SHORT, BEYOND_POSTING_WINDOW, CHARGE_UNDER_MINIMUM); then
 * contracts' `editRefusal` (EDIT_TOO_LATE, SEATS_BOOKED, PAY_CUT_BOOKED, EDIT_UNDER_MINIMUM), where an
 * acceptance still awaiting its chef's answer counts as booked (it holds a seat). Reads only.
 */
export async function checkEdit(
  ctx: JobsContext,
  executor: Executor | undefined,
  job: JobRow,
  input: EditInput,
  language: Language,
): Promise<CheckedEdit> {
  const now = ctx.now();
  if (!isEditable(job, now)) throw EditErrors.notEditable();
  if (await chargingEditOf(ctx.database, executor as Executor, job.id)) throw EditErrors.editPending();
  const before = shapeOfJob(job);
  const after = shapeAfter(job, input);
  checkPostingWindow(ctx.policy, after.start_time, after.end_time, now, language);
  checkedEscrowCharge(
    ctx.policy,
    {
      start: after.start_time,
      end: after.end_time,
      hourlyRateCents: after.hourly_rate_cents,
      breakMinutes: after.break_minutes,
    },
    language,
  );
  const held = await heldApplicationsOf(ctx.database, job.id, executor);
  const refusal = editRefusal(ctx.policy, before, after, held.length, now);
  if (refusal) throw refusalError(refusal);
  // Seats go from the last one (a posting's seats are 1 to its headcount): a booked one among them is refused.
  const seats = await seatsOfJob(ctx.database, executor as Executor, job.id);
  if (!seatsToRemove(seats, before.headcount, after.headcount))
    throw refusalError({ code: 'JOBS.SEATS_BOOKED', status: 409, booked: held.length });
  const money = editMoney(before, after);
  const toAnswer = editNeedsChefAnswer(before, after) ? bookedSeats(seats) : [];
  return {
    before,
    after,
    money,
    toAnswer,
    quote: {
      old_total_cents: money.old_total_cents,
      new_total_cents: money.new_total_cents,
      charge_cents: money.charge_cents,
      refund_cents: money.refund_cents,
      reason_text: editReasonText(money, language),
      chefs_to_answer: toAnswer.length,
    },
  };
}

/** The job's seats booked by a confirmed chef. */
function bookedSeats(seats: SeatRow[]): SeatToAnswer[] {
  return seats
    .filter((s) => s.status === 'filled' && s.application_id !== null && s.chef_id !== null)
    .map((s) => ({ application_id: s.application_id!, chef_id: s.chef_id!, seat_no: s.seat_no }));
}
