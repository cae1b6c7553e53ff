import type { Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { type JobPaymentRow } from '../db/jobs.repository';
import { insertTask } from '../db/money-tasks.repository';
import { findSettlement, insertSettlement, upsertTimesheet } from '../db/timesheets.repository';
import { DecisionRefused, type Decision } from '../domain/decision';
import { isHeld } from '../domain/escrow-state';
import {
  recomputeSettlement,
  type SettlementSource,
  type TimesheetFiguresIn,
} from '../domain/timesheet-money';
import { decideMoney, jobMoney } from './decide-money';
import { seatOfJob } from '../queries/seat-of-job';
import { lockSeenJob } from './lock-job';

/** Who a timesheet event is about (ApplicationFacts), and its seat (issue 35: 1 when the event named none). */
export interface SeatFacts {
  application_id: string;
  job_id: string;
  seat_no: number;
  chef_id: string;
  restaurant_id: string;
}

/** A timesheet event's facts about its seat (`seat_no` absent or null on events from before seats). */
export type TimesheetEventFacts = Omit<SeatFacts, 'seat_no'> & { seat_no?: number | null };

/** Who the event is about: the seat (1 on events from before seats) and its application and chef. */
export const timesheetSeat = (d: TimesheetEventFacts): SeatFacts => ({
  application_id: d.application_id,
  job_id: d.job_id,
  seat_no: d.seat_no ?? 1,
  chef_id: d.chef_id,
  restaurant_id: d.restaurant_id,
});

/** The idempotency key of a timesheet's off-session extra charge: one per timesheet, whatever retries. */
export const extraChargeKey = (applicationId: string) => `timesheet:${applicationId}:extra_charge`;

/** The shift as the timesheet rules read it, from payments' own record of the posting. */
export function shiftOf(job: JobPaymentRow) {
  return {
    start_time: job.start_time!,
    end_time: job.end_time!,
    hourly_rate_cents: Number(job.hourly_rate_cents),
    break_minutes: Number(job.break_minutes ?? 0),
  };
}

/** Why the escrow moved, as its closing event says it: each timesheet settlement names its own source. */
const REASON = {
  approved: 'timesheet',
  resolved: 'dispute_decision',
  sent_home: 'sent_home',
  no_show: 'no_show',
} as const satisfies Record<SettlementSource, string>;

function decisionOf(
  source: SettlementSource,
  chefId: string,
  now: { chef_cents: number; fee_cents: number; refund_cents: number },
): Decision {
  const reason = REASON[source];
  if (now.chef_cents === 0 && now.fee_cents === 0)
    return {
      kind: 'refund',
      // approved or sent home with nothing to pay (0 minutes on a tiny shift): the hours came to nothing
      reason: reason === 'sent_home' ? 'timesheet' : reason,
      chefId: null,
      chefPay: 0,
      fee: 0,
      refund: now.refund_cents,
    };
  const parts = { chefId, chefPay: now.chef_cents, fee: now.fee_cents };
  // a no-show pays nothing; were an operator to pay one, it is their decision (resolved), never `no_show`
  const paid = reason === 'no_show' ? 'dispute_decision' : reason;
  if (now.refund_cents === 0)
    return {
      kind: 'release',
      reason: paid === 'dispute_decision' ? 'dispute_decision' : 'timesheet',
      ...parts,
      refund: 0,
    };
  return { kind: 'split', reason: paid, ...parts, refund: now.refund_cents };
}

/**
 * The hours are settled (approved, decided by an operator, sent home, a final no-show): payments recomputes every
 * figure from its own records (the posting's rate and break, what its escrow charged, the times the event
 * carries) and refuses a mismatch (DecisionRefused: dead letter and an anomaly, nothing moves). Then, in this
 * transaction, once per seat: the decision of what moves now (the chef's pay the escrow covers, the fee, a partial
 * refund), its money tasks, and the off-session charge of the extra (a money task with one idempotency key per
 * timesheet). The chef's extra is transferred only once the charge is collected (`recordExtraCollected`).
 */
export async function settleTimesheet(
  ctx: PaymentsContext,
  tx: Executor,
  source: SettlementSource,
  facts: TimesheetEventFacts,
  figures: TimesheetFiguresIn | null,
  eventId: string | null,
): Promise<void> {
  const { database } = ctx;
  const seat = timesheetSeat(facts);
  const posting = await lockSeenJob(ctx, tx, seat.job_id, 'timesheet for job');
  if (await findSettlement(database, { application_id: seat.application_id }, tx)) {
    ctx.logger.info({ application: seat.application_id, source }, 'timesheet money already settled');
    return;
  }
  // The seat's share of the posting, its status and chef (issue 35): a posting of one seat is the job itself.
  const job = await seatOfJob(ctx, tx, posting, seat.seat_no);
  const refuse = (problems: string[]) =>
    new DecisionRefused(job.job_id, problems, { source, application_id: seat.application_id, ...figures });
  if (job.restaurant_id !== seat.restaurant_id) throw refuse(['the restaurant is not the job’s']);
  if (job.chef_id && job.chef_id !== seat.chef_id) throw refuse(['the chef is not the job’s chef']);
  if (!isHeld(job.status)) throw refuse([`no money held for the job (payment status ${job.status})`]);
  if (job.hourly_rate_cents === null || !job.start_time || !job.end_time)
    throw refuse(['payments has no rate or times for the job']);
  const { charged_cents } = await jobMoney(ctx, tx, job);
  const verdict = recomputeSettlement(
    ctx.config.policy,
    source,
    {
      shift: shiftOf(job),
      subtotal_cents: job.subtotal_cents,
      fee_cents: job.fee_cents,
      total_cents: job.total_cents,
      charged_cents,
    },
    figures,
  );
  if (!verdict.ok) throw refuse(verdict.problems);
  const { money } = verdict;
  const extra = money.on_collection;
  await insertSettlement(database, tx, {
    ...seat,
    source,
    event_id: eventId,
    clock_in_at: figures?.clock_in_at ?? null,
    clock_out_at: figures?.clock_out_at ?? null,
    break_minutes: figures?.break_minutes ?? 0,
    worked_minutes: verdict.worked,
    ...money.pay,
    // the pay the hours come to (the pay block's chef pay differs only under the card minimum with C < P)
    chef_pay_cents: verdict.chefPay,
    under_minimum_kind: money.under_minimum?.kind ?? null,
    under_minimum_cents: money.under_minimum?.cents ?? null,
    now_chef_cents: money.now.chef_cents,
    now_fee_cents: money.now.fee_cents,
    now_refund_cents: money.now.refund_cents,
    extra_chef_cents: extra?.chef_cents ?? 0,
    extra_fee_cents: extra?.fee_cents ?? 0,
    extra_status: extra ? 'pending' : 'none',
  });
  await decideMoney(ctx, tx, job, seat, decisionOf(source, seat.chef_id, money.now));
  if (extra)
    await insertTask(database, tx, {
      job_id: job.job_id,
      seat_no: seat.seat_no,
      kind: 'charge',
      part: 'extra',
      reason: 'timesheet_extra',
      amount_cents: extra.charge_cents,
      fee_cents: 0,
      destination_user_id: null,
      idempotency_key: extraChargeKey(seat.application_id),
    });
  await upsertTimesheet(database, tx, { ...seat, status: 'settled' });
}
