import { randomUUID } from 'node:crypto';
import { inTransaction, appendEvent, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { seatOf, seatOfApplication } from '../db/seats.repository';
import { applicationIdOf, confirmedChefOf } from '../db/applications.repository';
import {
  insertStatement,
  lockDispute,
  sideStatementCounts,
  type StatementRow,
} from '../db/disputes.repository';
import { lockJob } from '../db/jobs.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { JobsErrors } from '../domain/errors';
import { lockNamedDispute } from './load-dispute';

const MINUTE = 60_000;

/**
 * One party of a disputed shift (its restaurant or its confirmed chef) adds a statement for the operator,
 * in their own language (the token's); messaging translates it (jobs.dispute.statement_added.v1). Several per
 * side are fine, within bounds (issue 33): at most DISPUTE_STATEMENTS_MAX per side (409
 * JOBS.TOO_MANY_STATEMENTS) and DISPUTE_STATEMENT_RATE in any minute (429 JOBS.STATEMENTS_TOO_FAST), counted
 * under the dispute's lock so concurrent posts cannot pass them together. Strangers are answered as the rest
 * of jobs answers them: a job that is not theirs to see is 404, a chef who only applied is 403. Not disputed,
 * or already decided: 409. Issue 35: a chef's statement goes to their own seat's dispute; the restaurant's to the
 * seat it names (`seatNo`), needed when two or more of its seats are in dispute (409 JOBS.SEAT_REQUIRED).
 */
export async function addDisputeStatement(
  ctx: JobsContext,
  user: Pick<AuthUser, 'id' | 'type' | 'language'>,
  jobId: string,
  text: string,
  seatNo?: number,
): Promise<StatementRow> {
  return inTransaction(ctx, async (tx) => {
    const job = await lockJob(ctx.database, tx, jobId);
    if (!job) throw JobsErrors.jobNotFound();
    if (user.type === 'restaurant' && job.restaurant_id !== user.id) throw JobsErrors.jobNotFound();
    // A chef's statement is about their own seat's dispute (issue 35); the restaurant's, the seat it names.
    const applicationId =
      user.type === 'chef' ? await applicationIdOf(ctx.database, tx, jobId, user.id) : null;
    const ownSeat = applicationId ? await seatOfApplication(ctx.database, tx, applicationId) : null;
    const dispute =
      user.type === 'chef'
        ? await lockDispute(ctx.database, tx, jobId, ownSeat?.seat_no)
        : await lockNamedDispute(ctx, tx, jobId, seatNo);
    if (user.type === 'chef') {
      if (!applicationId) throw JobsErrors.jobNotFound();
      const confirmedChef = dispute?.chef_id ?? (await confirmedChefOf(ctx.database, tx, jobId));
      if (confirmedChef !== user.id) throw JobsErrors.notDisputeParty();
    }
    if (!dispute) throw JobsErrors.notInDispute();
    if (dispute.resolved_at) throw JobsErrors.disputeResolved();
    const now = ctx.now();
    const mine = await sideStatementCounts(
      ctx.database,
      tx,
      jobId,
      dispute.seat_no,
      user.type,
      new Date(now.getTime() - MINUTE),
    );
    if (mine.total >= ctx.policy.disputeStatementsMax)
      throw JobsErrors.tooManyStatements(ctx.policy.disputeStatementsMax);
    if (mine.recent >= ctx.policy.disputeStatementRate) {
      const freeAt = (mine.oldestRecent?.getTime() ?? now.getTime()) + MINUTE;
      throw JobsErrors.statementsTooFast(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
    }

    const statement = await insertStatement(ctx.database, tx, {
      id: randomUUID(),
      job_id: jobId,
      seat_no: dispute.seat_no,
      author_id: user.id,
      author_side: user.type,
      text,
      language: user.language,
      created_at: now,
    });
    // The disputed seat and its application (issue 35).
    const seat = await seatOf(ctx.database, tx, jobId, dispute.seat_no);
    await appendEvent(ctx.database, tx, 'jobs.dispute.statement_added.v1', {
      statement_id: statement.id,
      job_id: jobId,
      job_title: job.title,
      chef_id: dispute.chef_id,
      restaurant_id: dispute.restaurant_id,
      author_id: user.id,
      author_side: user.type,
      text,
      language: user.language,
      created_at: statement.created_at.toISOString(),
      seat_no: dispute.seat_no,
      application_id: seat?.application_id ?? null,
    });
    await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job));
    return statement;
  });
}
