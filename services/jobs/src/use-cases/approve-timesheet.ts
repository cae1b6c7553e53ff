import { workedPay } from '@brigade/contracts';
import { appendEvent, type AuthUser, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { insertTimesheetEvent } from '../db/timesheets.repository';
import { applicationFacts } from '../domain/facts';
import { ensureTimesheetAllows, moneyOf, timesheetFigures, workedOf } from '../domain/timesheet';
import { writeSeat, type Seat } from './load-seat';
import { completedFacts, settleTimesheet } from './settle-timesheet';

/**
 * The hours stand and the money follows (issue 34): the restaurant approved as submitted (`approve`), nobody
 * did by TIMESHEET_APPROVAL_DEADLINE (`autoApprove`), the chef accepted the adjustment (`accept`) or let
 * HOURS_DISPUTE_WINDOW pass (`acceptBySilence`). One path, in the caller's transaction:
 * jobs.timesheet.approved.v1 with the figures (status approved, or auto_approved; approved_by), the shift
 * completed on both records.
 */
export async function approveSeat(
  ctx: JobsContext,
  tx: Tx,
  seat: Seat,
  action: 'approve' | 'autoApprove' | 'accept' | 'acceptBySilence',
): Promise<void> {
  ensureTimesheetAllows(action, seat.ts);
  const now = ctx.now();
  const worked = seat.ts.worked_minutes ?? workedOf(ctx.policy, seat.job, seat.ts);
  const money = moneyOf(ctx.policy, seat.job, workedPay(seat.job, worked));
  const status = action === 'autoApprove' ? 'auto_approved' : 'approved';
  const by = {
    approve: 'restaurant',
    autoApprove: 'system',
    accept: 'chef',
    acceptBySilence: 'system',
  } as const;
  await settleTimesheet(ctx, tx, seat, { status, worked_minutes: worked }, money, completedFacts(seat));
  await insertTimesheetEvent(tx, seat.app.id, {
    type: action === 'autoApprove' ? 'auto_approved' : action === 'approve' ? 'approved' : 'accepted',
    at: now,
    by: by[action],
  });
  await appendEvent(ctx.database, tx, 'jobs.timesheet.approved.v1', {
    ...applicationFacts(seat.app, seat.job),
    seat_no: seat.seat_no,
    ...timesheetFigures(seat.job, seat.ts, worked, money),
    status,
    approved_by: by[action],
  });
}

/** POST /applications/{id}/timesheet/approve: the restaurant approves the submitted timesheet as it is. */
export async function approveTimesheet(
  ctx: JobsContext,
  restaurant: Pick<AuthUser, 'id' | 'type'>,
  applicationId: string,
): Promise<void> {
  await writeSeat(ctx, restaurant, applicationId, false, async (tx, seat) => {
    await approveSeat(ctx, tx, seat, 'approve');
  });
}

/** POST /applications/{id}/timesheet/accept: the chef accepts the restaurant's adjustment. */
export async function acceptAdjustment(
  ctx: JobsContext,
  chef: Pick<AuthUser, 'id' | 'type'>,
  applicationId: string,
): Promise<void> {
  await writeSeat(ctx, chef, applicationId, false, async (tx, seat) => {
    await approveSeat(ctx, tx, seat, 'accept');
  });
}
