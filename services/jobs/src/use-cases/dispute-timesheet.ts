import { randomUUID } from 'node:crypto';
import {
  hoursDisputeRefusal,
  nextJobStatus,
  nextPaymentStatus,
  type JobStatus,
  type Language,
} from '@brigade/contracts';
import { appendEvent, type AuthUser, type Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { insertStatement } from '../db/disputes.repository';
import { updateJob } from '../db/jobs.repository';
import { moveSeat } from '../db/seats.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { insertTimesheetEvent, updateTimesheet } from '../db/timesheets.repository';
import { applicationFacts } from '../domain/facts';
import type { JobRow } from '../domain/records';
import { clockError, ensureTimesheetAllows } from '../domain/timesheet';
import { writeSeat, type Seat } from './load-seat';
import { openDispute } from './open-dispute';

/**
 * The chef disputes the restaurant's adjustment, or contests a no-show, within HOURS_DISPUTE_WINDOW (issue 34;
 * after it 409 JOBS.DISPUTE_WINDOW_PASSED): the timesheet and the shift are disputed, an hours dispute opens in
 * the operator's queue beside the worked/not-worked ones, and the money stays held. The chef's statement, and
 * the restaurant's reason for its adjustment, are the case's first statements (messaging translates them as
 * every statement: jobs.dispute.statement_added.v1).
 */
export async function disputeTimesheet(
  ctx: JobsContext,
  chef: Pick<AuthUser, 'id' | 'type' | 'language'>,
  applicationId: string,
  statement: string,
): Promise<void> {
  await writeSeat(ctx, chef, applicationId, false, async (tx, seat) => {
    const about = seat.ts.status === 'no_show' ? 'no_show' : 'adjustment';
    ensureTimesheetAllows(about === 'no_show' ? 'contestNoShow' : 'dispute', seat.ts);
    const since = about === 'no_show' ? seat.ts.no_show_at : seat.ts.adjusted_at;
    const now = ctx.now();
    const passed = since && hoursDisputeRefusal(ctx.policy, since, now);
    if (passed) throw clockError(passed);
    const { job, app } = seat;

    await updateTimesheet(tx, app.id, { status: 'disputed' });
    await insertTimesheetEvent(tx, app.id, { type: 'disputed', at: now, by: 'chef', note: statement });
    const disputed = nextJobStatus('dispute', job.status);
    const payment = nextPaymentStatus('dispute', job.payment_status);
    let status: JobStatus | null = null;
    if (disputed) {
      if (payment) await updateJob(tx, job.id, { payment_status: payment });
      status = await moveSeat(ctx.database, tx, job, seat.seat_no, 'dispute');
    }
    await openDispute(ctx, tx, job, app.chef_id, seat.seat_no, 'hours');
    if (about === 'adjustment' && seat.ts.adjust_reason && seat.ts.adjusted_at)
      await addStatement(ctx, tx, job, seat, {
        author_id: job.restaurant_id,
        side: 'restaurant',
        text: seat.ts.adjust_reason,
        language: seat.ts.adjust_language ?? 'en',
        at: seat.ts.adjusted_at,
      });
    await addStatement(ctx, tx, job, seat, {
      author_id: chef.id,
      side: 'chef',
      text: statement,
      language: chef.language,
      at: now,
    });
    await appendEvent(ctx.database, tx, 'jobs.timesheet.disputed.v1', {
      ...applicationFacts(app, job),
      seat_no: seat.seat_no,
      about,
      statement,
    });
    await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job, status ?? job.status));
  });
}

async function addStatement(
  ctx: JobsContext,
  tx: Tx,
  job: JobRow,
  seat: Seat,
  s: { author_id: string; side: 'chef' | 'restaurant'; text: string; language: Language; at: Date },
): Promise<void> {
  const row = await insertStatement(ctx.database, tx, {
    id: randomUUID(),
    job_id: job.id,
    seat_no: seat.seat_no,
    author_id: s.author_id,
    author_side: s.side,
    text: s.text,
    language: s.language,
    created_at: s.at,
  });
  await appendEvent(ctx.database, tx, 'jobs.dispute.statement_added.v1', {
    statement_id: row.id,
    job_id: job.id,
    job_title: job.title,
    chef_id: seat.app.chef_id,
    restaurant_id: job.restaurant_id,
    author_id: s.author_id,
    author_side: s.side,
    text: s.text,
    language: s.language,
    created_at: row.created_at.toISOString(),
    seat_no: seat.seat_no,
    application_id: seat.app.id,
  });
}
