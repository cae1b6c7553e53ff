import {
  hoursDecisionBounds,
  hoursDecisionRefusal,
  workedPay,
  type opsHttp,
  type timesheetsHttp,
} from '@brigade/contracts';
import { appendEvent, recordAudit, type OperatorUser, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { applicationsOfJob } from '../db/applications.repository';
import { markDisputeResolved, type DisputeRow } from '../db/disputes.repository';
import { insertTimesheetEvent } from '../db/timesheets.repository';
import { JobsErrors } from '../domain/errors';
import { applicationFacts } from '../domain/facts';
import type { JobRow } from '../domain/records';
import { clockError, ensureTimesheetAllows, moneyOf, shiftOf, timesheetFigures } from '../domain/timesheet';
import { announceText } from './announce-text';
import { lockSeat } from './load-seat';
import { completedFacts, settleTimesheet } from './settle-timesheet';

export type HoursDecision = timesheetsHttp.ResolveHoursDisputeRequest | opsHttp.ResolveDisputeRequest;

/**
 * An operator decides an hours dispute (issue 34), in resolveDispute's transaction under its locks: the worked
 * minutes, 0 to the scheduled minutes + MAX_EXTRA_HOURS (400 JOBS.WORKED_MINUTES_OUT_OF_RANGE), or the chef's
 * pay those come to at most. The timesheet is resolved and the money follows (jobs.timesheet.resolved.v1, not
 * the work dispute's event); no pay at all is a no-show on the chef's record, any pay a completed shift.
 */
export async function resolveHoursDispute(
  ctx: JobsContext,
  tx: Tx,
  operator: Pick<OperatorUser, 'id'> & { email?: string; language?: 'en' | 'es' },
  job: JobRow,
  dispute: DisputeRow,
  input: HoursDecision,
): Promise<{ chef_pay_cents: number; fee_cents: number; refund_cents: number }> {
  const app = (await applicationsOfJob(ctx.database, tx, job.id)).find((a) => a.chef_id === dispute.chef_id);
  if (!app) throw JobsErrors.noDispute();
  const seat = await lockSeat(ctx, tx, 'system', app.id, false);
  ensureTimesheetAllows('resolve', seat.ts);
  const shift = shiftOf(job);
  let worked: number;
  let chefPay: number;
  if ('worked_minutes' in input && input.worked_minutes !== undefined) {
    const refused = hoursDecisionRefusal(ctx.policy, shift, input.worked_minutes);
    if (refused) throw clockError(refused);
    worked = input.worked_minutes;
    chefPay = workedPay(job, worked);
  } else {
    const cents = (input as opsHttp.ResolveDisputeRequest).chef_pay_cents;
    const bounds = hoursDecisionBounds(ctx.policy, shift);
    if (!(Number.isInteger(cents) && cents >= 0 && cents <= bounds.max_chef_pay_cents))
      throw clockError('JOBS.WORKED_MINUTES_OUT_OF_RANGE', { max_chef_pay_cents: bounds.max_chef_pay_cents });
    chefPay = cents;
    worked = Math.floor((cents * 60) / job.hourly_rate_cents);
  }
  const money = moneyOf(ctx.policy, job, chefPay);
  const now = ctx.now();
  const noteTranslation = await announceText(ctx, tx, {
    kind: 'dispute_note',
    jobId: job.id,
    words: input.note,
    language: operator.language ?? 'en',
    writtenAt: now,
  });
  const figures = {
    chef_pay_cents: money.pay.chef_pay_cents,
    fee_cents: money.pay.fee_cents,
    refund_cents: money.pay.refund_cents,
  };
  const decided = await markDisputeResolved(ctx.database, tx, job.id, dispute.seat_no, {
    ...figures,
    operator_id: operator.id,
    note: input.note,
    resolved_at: now,
    note_translation: noteTranslation,
  });
  if (!decided) throw JobsErrors.disputeResolved();
  const noPay = chefPay === 0;
  await settleTimesheet(
    ctx,
    tx,
    seat,
    { status: 'resolved', worked_minutes: worked },
    money,
    noPay
      ? [{ user_id: app.chef_id, user_type: 'chef', kind: 'no_shows', job_id: job.id, seat_no: seat.seat_no }]
      : completedFacts(seat),
  );
  await insertTimesheetEvent(tx, app.id, { type: 'resolved', at: now, by: 'operator', note: input.note });
  await appendEvent(ctx.database, tx, 'jobs.timesheet.resolved.v1', {
    ...applicationFacts(app, job),
    seat_no: seat.seat_no,
    ...timesheetFigures(job, seat.ts, worked, money),
    note: input.note,
    operator_id: operator.id,
  });
  await recordAudit(ctx.database, tx, {
    operatorId: operator.id,
    operatorEmail: operator.email ?? '',
    action: 'dispute.resolve',
    subjectType: 'job',
    subjectId: job.id,
    jobId: job.id,
    reason: input.note,
    detail: {
      ...figures,
      worked_minutes: worked,
      chef_id: dispute.chef_id,
      restaurant_id: job.restaurant_id,
      seat_no: dispute.seat_no,
    },
  });
  return figures;
}
