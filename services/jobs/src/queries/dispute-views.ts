import {
  hoursDecisionBounds,
  type jobsHttp,
  opsHttp,
  presentTranslation,
  workedPay,
} from '@brigade/contracts';
import { sql, type Executor } from '@brigade/kit';
import type { z } from 'zod';
import {
  allDisputesOf,
  disputeKey,
  disputeOf,
  latestStatementsOf,
  openDisputeSeats,
  statementsOf,
  statementsPage,
  threadSize,
  type DisputeRow,
  type StatementRow,
} from '../db/disputes.repository';
import { jobMoney } from '../domain/money';
import { presentTimesheet, shiftOf, workedOf } from '../domain/timesheet';
import { jobJson } from '../db/seat-views';
import { seatedJob } from '../domain/seats';
import { findTimesheet, timesheetEventsOf } from '../db/timesheets.repository';
import { chefReliability, emptyChefReliability, restaurantReliability } from '../db/reliability.repository';
import { presentJob } from './presenters';
import {
  normaliseJob,
  toJson,
  type ChefProfileJson,
  type JobRow,
  type RestaurantProfileJson,
} from '../db/rows';
import type { ViewContext, Viewer } from './view-context';

// The read side of disputes: the two parties' view on their job (Job.dispute) and the operator's case file
// (OpsDispute). Nobody else sees a dispute.

type Job = jobsHttp.Job;

export function presentStatement(s: StatementRow): jobsHttp.DisputeStatement {
  return {
    id: s.id,
    author_id: s.author_id,
    author_side: s.author_side,
    text: s.text,
    language: s.language,
    translated_text: s.translated_text,
    translated_language: s.translated_text === null ? null : s.translated_language,
    created_at: s.created_at.toISOString(),
  };
}

function presentResolution(d: DisputeRow): jobsHttp.DisputeResolution | null {
  if (!d.resolved_at) return null;
  return {
    chef_pay_cents: d.chef_pay_cents ?? 0,
    fee_cents: d.fee_cents ?? 0,
    refund_cents: d.refund_cents ?? 0,
    note: d.note ?? '',
    resolved_at: d.resolved_at.toISOString(),
    note_translation: presentTranslation(d.note_translation),
  };
}

/** The dispute as one of its parties reads it, with how many statements that party's side may still write. */
export function presentJobDispute(
  ctx: Pick<ViewContext, 'policy'>,
  viewer: Viewer,
  d: DisputeRow,
  statements: StatementRow[],
): jobsHttp.JobDispute {
  const max = ctx.policy.disputeStatementsMax;
  const written = statements.filter((s) => s.author_side === viewer.type).length;
  return {
    status: d.resolved_at ? 'resolved' : 'open',
    opened_at: d.opened_at.toISOString(),
    statements: statements.map(presentStatement),
    statements_max: max,
    statements_left: d.resolved_at ? 0 : Math.max(0, max - written),
    resolution: presentResolution(d),
    seat_no: d.seat_no,
  };
}

const mayHaveDispute = (job: Pick<Job, 'status'>) => job.status === 'disputed' || job.status === 'completed';

/**
 * Job.dispute for its two parties (the restaurant and the confirmed chef), by job id, for every job of a page
 * that has a dispute: two queries for the page (none when no job may have one). Issue 35: a chef reads their
 * own seat's dispute; the restaurant, the one that stands for the job (its oldest undecided), and beside it
 * (`all`) every seat's, so that it can write on each.
 */
export async function disputesForJobs(
  ctx: ViewContext,
  viewer: Viewer,
  jobs: Array<Pick<Job, 'id' | 'status'>>,
  executor?: Executor,
): Promise<Map<string, { first: jobsHttp.JobDispute; all: jobsHttp.JobDispute[] }>> {
  const result = new Map<string, { first: jobsHttp.JobDispute; all: jobsHttp.JobDispute[] }>();
  const ids = jobs.filter(mayHaveDispute).map((j) => j.id);
  if (ids.length === 0) return result;
  // each job's disputes come in DISPUTE_ORDER: the first that is the viewer's is the one they read
  const byJob = new Map<string, DisputeRow[]>();
  for (const d of await allDisputesOf(ctx.database, ids, executor)) {
    const theirs = viewer.type === 'restaurant' ? d.restaurant_id === viewer.id : d.chef_id === viewer.id;
    if (theirs) byJob.set(d.job_id, [...(byJob.get(d.job_id) ?? []), d]);
  }
  if (byJob.size === 0) return result;
  const statements = await statementsOf(ctx.database, [...byJob.keys()], executor);
  for (const [jobId, rows] of byJob) {
    const all = rows.map((d) =>
      presentJobDispute(ctx, viewer, d, statements.get(disputeKey(d.job_id, d.seat_no)) ?? []),
    );
    result.set(jobId, { first: all[0]!, all });
  }
  return result;
}

/**
 * Job.dispute for its two parties (the restaurant and the confirmed chef), on every job of a page that has a
 * dispute: two queries for the page. Anyone else's view keeps no dispute field. The restaurant's view of a
 * posting with two or more disputes also lists them all (Job.disputes, issue 35).
 */
export async function attachDisputes<T extends Job>(
  ctx: ViewContext,
  viewer: Viewer,
  jobs: T[],
  executor?: Executor,
): Promise<T[]> {
  const disputes = await disputesForJobs(ctx, viewer, jobs, executor);
  if (disputes.size === 0) return jobs;
  for (const job of jobs) {
    const d = disputes.get(job.id);
    if (!d) continue;
    job.dispute = d.first;
    if (viewer.type === 'restaurant' && d.all.length > 1) job.disputes = d.all;
  }
  return jobs;
}

function checkoutAnswer(
  done: boolean,
  work: boolean | null,
  rating: number | null,
  feedback: string | null,
  at: Date | null,
  fallback: Date,
): z.infer<typeof opsHttp.CheckoutAnswer> | null {
  if (!done) return null;
  return {
    work_completed: work === true,
    rating,
    feedback,
    answered_at: (at ?? fallback).toISOString(),
  };
}

/** The operator's queue: open disputes, oldest first, one row per disputed seat. */
export async function opsDisputeQueue(ctx: ViewContext): Promise<opsHttp.OpsDisputeSummary[]> {
  const disputes: opsHttp.OpsDisputeSummary[] = [];
  for (const open of await openDisputeSeats(ctx.database)) {
    const view = await opsDisputeSummary(ctx, open.job_id, open.seat_no);
    if (view) disputes.push(view);
  }
  return disputes;
}

/**
 * A seat's dispute as the operators' queue shows it (open or decided): the case file without its statements,
 * each side with the count of its statements on this seat and its latest; null when the job (or the seat
 * named) has none. No seat named: the dispute that stands for the job (its oldest undecided, issue 35).
 */
export async function opsDisputeSummary(
  ctx: ViewContext,
  jobId: string,
  seatNo?: number,
  executor?: Executor,
): Promise<opsHttp.OpsDisputeSummary | null> {
  const { database } = ctx;
  const d = await disputeOf(database, jobId, seatNo, executor);
  if (!d) return null;
  // The disputed seat's side of the job (issue 35): its checkout answers and money, its share of the amounts.
  const rows = await database.rows<{ job: unknown; rp: unknown; cp: unknown }>(
    sql`select ${jobJson} as job, to_jsonb(rp) as rp, to_jsonb(cp) as cp
          from jobs.jobs j join jobs.seats s1 on s1.job_id = j.id and s1.seat_no = ${d.seat_no}
          left join jobs.restaurant_profiles rp on rp.user_id = j.restaurant_id
          left join jobs.chef_profiles cp on cp.user_id = ${d.chef_id}
         where j.id = ${jobId}`,
    executor,
  );
  if (!rows[0]) return null;
  const job: JobRow = normaliseJob(toJson(rows[0].job, {}));
  const rp = toJson<RestaurantProfileJson | null>(rows[0].rp, null);
  const cp = toJson<ChefProfileJson | null>(rows[0].cp, null);
  const sides =
    (await latestStatementsOf(database, [jobId], executor)).get(disputeKey(jobId, d.seat_no)) ?? {};
  const written = (side: 'chef' | 'restaurant') => ({
    statements_count: sides[side]?.count ?? 0,
    latest_statement: sides[side] ? presentStatement(sides[side].latest) : null,
  });
  const now = ctx.now();
  const windowDays = ctx.policy.reliabilityWindowDays;
  const chefRecord =
    (await chefReliability(database, [d.chef_id], now, windowDays, executor)).get(d.chef_id) ??
    emptyChefReliability();
  // The job without its `dispute`: the case file carries the dispute's facts itself.
  // Operators read every rating (issue 39: published or not).
  const view = presentJob(job, rp, ctx.policy, undefined, 'operator');
  view.money = jobMoney(seatedJob(job));
  return {
    job: view,
    opened_at: d.opened_at.toISOString(),
    overdue: disputeOverdue(ctx, d, now),
    chef: { user_id: d.chef_id, name: cp?.name ?? null, reliability: chefRecord, ...written('chef') },
    restaurant: {
      user_id: d.restaurant_id,
      name: rp?.name ?? null,
      reliability: await restaurantReliability(database, d.restaurant_id, now, windowDays, executor),
      ...written('restaurant'),
    },
    checkouts: {
      chef: checkoutAnswer(
        job.chef_checkout_completed,
        job.chef_work_completed,
        job.restaurant_rating,
        job.chef_feedback,
        job.chef_checked_out_at,
        d.opened_at,
      ),
      restaurant: checkoutAnswer(
        job.restaurant_checkout_completed,
        job.restaurant_work_completed,
        job.chef_rating,
        job.restaurant_feedback,
        job.restaurant_checked_out_at,
        d.opened_at,
      ),
    },
    thread_size: await threadSize(database, jobId, executor),
    resolution: d.resolved_at ? { ...presentResolution(d)!, operator_id: d.operator_id ?? '' } : null,
    kind: d.kind,
    hours: d.kind === 'hours' ? await hoursCase(ctx, job, d, executor) : null,
    seat_no: d.seat_no,
  };
}

/**
 * An hours dispute's facts (issue 34): the chef's timesheet as submitted, the restaurant's adjustment, the
 * timesheet with its clock events (where each was made, how far from the pin) and the decision's bounds.
 */
async function hoursCase(
  ctx: ViewContext,
  job: JobRow,
  d: DisputeRow,
  executor?: Executor,
): Promise<opsHttp.OpsDispute['hours']> {
  const rows = await ctx.database.rows<{ application_id: string }>(
    sql`select application_id from jobs.timesheets where job_id = ${job.id} and chef_id = ${d.chef_id}`,
    executor,
  );
  const id = rows[0]?.application_id;
  const ts = id ? await findTimesheet(ctx.database, id, executor) : null;
  if (!id || !ts) return null;
  const events = await timesheetEventsOf(ctx.database, id, executor);
  const side = (
    clockIn: Date | null,
    clockOut: Date | null,
    breakMinutes: number,
    setByRestaurant: boolean,
  ) => {
    const worked = workedOf(ctx.policy, job, {
      clock_in_at: clockIn,
      clock_out_at: clockOut,
      break_minutes: breakMinutes,
      clock_in_set_by_restaurant: setByRestaurant,
    });
    return {
      clock_in_at: clockIn?.toISOString() ?? null,
      clock_out_at: clockOut?.toISOString() ?? null,
      break_minutes: breakMinutes,
      worked_minutes: worked,
      chef_pay_cents: workedPay(job, worked),
    };
  };
  const adjusted = ts.adjusted_at !== null;
  const bounds = hoursDecisionBounds(ctx.policy, shiftOf(job));
  return {
    about: adjusted ? 'adjustment' : 'no_show',
    chef: ts.chef_clock_out_at
      ? side(ts.chef_clock_in_at, ts.chef_clock_out_at, ts.chef_break_minutes ?? 0, false)
      : null,
    restaurant: adjusted ? side(ts.clock_in_at, ts.clock_out_at, ts.break_minutes, true) : null,
    timesheet: presentTimesheet(ctx.policy, job, { id }, ts, events, ctx.now()),
    max_worked_minutes: bounds.max_worked_minutes,
    max_chef_pay_cents: bounds.max_chef_pay_cents,
  };
}

/**
 * The operator's case file of one seat's dispute (open or decided; `page.seat_no` absent: the one that stands
 * for the job): the summary and one page of that seat's statements, oldest first (`page.after`: the last
 * statement of the previous page); null when the job (or the seat) has none.
 */
export async function opsDisputeView(
  ctx: ViewContext,
  jobId: string,
  page: { after?: string; limit?: number; seat_no?: number } = {},
  executor?: Executor,
): Promise<opsHttp.OpsDispute | null> {
  const summary = await opsDisputeSummary(ctx, jobId, page.seat_no, executor);
  if (!summary) return null;
  const { statements, more } = await statementsPage(
    ctx.database,
    jobId,
    summary.seat_no ?? 1,
    { after: page.after, limit: page.limit ?? opsHttp.STATEMENTS_PAGE },
    executor,
  );
  return {
    ...summary,
    statements: statements.map(presentStatement),
    statements_next: more ? statements[statements.length - 1].id : null,
  };
}

/**
 * Open longer than DISPUTE_REMINDER_AFTER: operators were (or are about to be) reminded. A decided dispute is
 * never overdue.
 */
export function disputeOverdue(ctx: Pick<ViewContext, 'policy'>, d: DisputeRow, now: Date): boolean {
  if (d.resolved_at) return false;
  return d.reminded_at !== null || now.getTime() - d.opened_at.getTime() >= ctx.policy.disputeReminderAfterMs;
}
