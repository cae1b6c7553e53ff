import { checkoutDeadline, lateCancelFrom, type jobsHttp, type Policy } from '@brigade/contracts';
import { sql, type Database, type Executor } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import type { JobsContext } from '../context';
import { attachDisputes } from './dispute-views';
import { chefReliability, emptyChefReliability, type ChefReliability } from './reliability.repository';
import { normaliseApplication, normaliseJob, toJson, type ApplicationRow, type JobRow } from './rows';

// The read side: lists and details in the response shapes of contracts/src/http/jobs.ts. Rows come back as
// to_jsonb(...) records so joined tables never clash on column names.

type Job = jobsHttp.Job;
type Application = jobsHttp.Application;
type ApplicationOfJob = Omit<Application, 'job_postings'>;
type Chef = NonNullable<Application['chef_profiles']>;
type Restaurant = NonNullable<Job['restaurant_profiles']>;

/** What the read side needs: the database, the policy (deadlines on every job) and the clock (90-day counts). */
export type ViewContext = Pick<JobsContext, 'database' | 'policy' | 'now'>;

export function presentRestaurant(rp: any): Restaurant | null {
  if (!rp) return null;
  return {
    user_id: rp.user_id,
    name: rp.name,
    address: rp.address ?? '',
    city: rp.city ?? '',
    state: rp.state ?? '',
    logo_url: rp.logo_url ?? null,
    cuisine_types: toJson(rp.cuisine_types, []),
    average_rating:
      rp.average_rating === null || rp.average_rating === undefined ? null : Number(rp.average_rating),
    total_ratings: Number(rp.total_ratings ?? 0),
  };
}

export function presentChef(cp: any, reliability?: ChefReliability): Chef | null {
  if (!cp) return null;
  return {
    id: cp.profile_id,
    user_id: cp.user_id,
    name: cp.name,
    bio: cp.bio ?? '',
    skills: toJson(cp.skills, []),
    travel_radius:
      cp.travel_radius === null || cp.travel_radius === undefined ? null : Number(cp.travel_radius),
    profile_image_url: cp.profile_image_url ?? null,
    city: cp.city ?? null,
    average_rating:
      cp.average_rating === null || cp.average_rating === undefined ? null : Number(cp.average_rating),
    total_ratings: Number(cp.total_ratings ?? 0),
    reliability: reliability ?? emptyChefReliability(),
  };
}

/** Every chef profile on these cards gets its reliability record (one query for the page). */
export async function withReliability<T extends { chef_profiles: Chef | null }>(
  ctx: ViewContext,
  cards: T[],
  executor?: Executor,
): Promise<T[]> {
  const ids = cards.flatMap((c) => (c.chef_profiles ? [c.chef_profiles.user_id] : []));
  const records = await chefReliability(
    ctx.database,
    ids,
    ctx.now(),
    ctx.policy.reliabilityWindowDays,
    executor,
  );
  for (const card of cards) {
    const record = card.chef_profiles && records.get(card.chef_profiles.user_id);
    if (record && card.chef_profiles) card.chef_profiles.reliability = record;
  }
  return cards;
}

function presentCancellation(job: JobRow): Job['cancellation'] {
  if (!job.cancelled_at) return null;
  return {
    cancelled_by: job.cancelled_by ?? 'restaurant',
    late: job.cancelled_late === true,
    chef_pay_cents: job.cancel_chef_pay_cents ?? 0,
    fee_cents: job.cancel_fee_cents ?? 0,
    refund_cents: job.cancel_refund_cents ?? 0,
    reason: job.cancel_reason,
    cancelled_at: job.cancelled_at.toISOString(),
  };
}

export function presentJob(job: JobRow, rp: any, policy: Policy): Job {
  const minutes = Math.round((job.end_time.getTime() - job.start_time.getTime()) / 60000);
  return {
    id: job.id,
    restaurant_id: job.restaurant_id,
    title: job.title,
    description: job.description,
    start_time: job.start_time.toISOString(),
    end_time: job.end_time.toISOString(),
    hours: minutes / 60,
    hourly_rate: job.hourly_rate_cents / 100,
    subtotal_cents: job.subtotal_cents,
    fee_cents: job.fee_cents,
    total_cents: job.total_cents,
    emergency_level: job.emergency_level,
    status: job.status,
    payment_status: job.payment_status,
    required_skills: job.required_skills,
    notify_favorites: job.notify_favorites,
    restaurant_checkout_completed: job.restaurant_checkout_completed,
    chef_checkout_completed: job.chef_checkout_completed,
    chef_rating: job.chef_rating,
    restaurant_rating: job.restaurant_rating,
    created_at: job.created_at.toISOString(),
    updated_at: job.updated_at.toISOString(),
    restaurant_profiles: presentRestaurant(rp),
    late_cancel_from: lateCancelFrom(policy, job.start_time).toISOString(),
    checkout_deadline: checkoutDeadline(policy, job.end_time).toISOString(),
    cancellation: presentCancellation(job),
  };
}

function presentApplicationOfJob(app: ApplicationRow, cp: any): ApplicationOfJob {
  return {
    id: app.id,
    job_id: app.job_id,
    chef_id: app.chef_id,
    status: app.status,
    worker_confirmed: app.worker_confirmed,
    created_at: app.created_at.toISOString(),
    updated_at: app.updated_at.toISOString(),
    chef_profiles: presentChef(cp),
  };
}

const jobFrom = sql`jobs.jobs j left join jobs.restaurant_profiles rp on rp.user_id = j.restaurant_id`;

export type Viewer = { id: string; type: 'chef' | 'restaurant' };

/** One job as this viewer may see it, or null (unknown, or not theirs to see). */
export async function jobView(
  ctx: ViewContext,
  viewer: Viewer,
  id: string,
  executor?: Executor,
): Promise<Job | null> {
  const { database } = ctx;
  const rows = await database.rows<any>(
    sql`select to_jsonb(j) as job, to_jsonb(rp) as rp from ${jobFrom} where j.id = ${id}`,
    executor,
  );
  if (!rows[0]) return null;
  const job = normaliseJob(toJson(rows[0].job, {}));
  const view = presentJob(job, toJson(rows[0].rp, null), ctx.policy);
  if (viewer.type === 'restaurant') {
    if (job.restaurant_id !== viewer.id) return null;
    const apps = await database.rows<any>(
      sql`select to_jsonb(a) as app, to_jsonb(cp) as cp from jobs.applications a
          left join jobs.chef_profiles cp on cp.user_id = a.chef_id where a.job_id = ${id} order by a.created_at`,
      executor,
    );
    view.applications = await withReliability(
      ctx,
      apps.map((r) => presentApplicationOfJob(normaliseApplication(toJson(r.app, {})), toJson(r.cp, null))),
      executor,
    );
    view.pending_applications_count = view.applications.filter(
      (a: ApplicationOfJob) => a.status === 'pending',
    ).length;
    return (await attachDisputes(ctx, viewer, [view], executor))[0];
  }
  const mine = await database.rows<any>(
    sql`select id, status, worker_confirmed from jobs.applications where job_id = ${id} and chef_id = ${viewer.id}`,
    executor,
  );
  const application = mine[0] ?? null;
  // A chef sees open jobs, and any non-draft job they applied to (My Shifts).
  if (
    job.status !== 'open' &&
    !(application && job.status !== 'pending_payment' && job.status !== 'payment_failed')
  )
    return null;
  view.user_applied = application !== null;
  view.user_application = application
    ? { id: application.id, status: application.status, worker_confirmed: application.worker_confirmed }
    : null;
  return (await attachDisputes(ctx, viewer, [view], executor))[0];
}

export interface JobListQuery {
  status?: string;
  emergencyLevel?: 'normal' | 'urgent';
  minRate?: number;
  maxRate?: number;
  skills?: string[];
  startDate?: string;
  endDate?: string;
  limit?: number;
}

function dateBound(value: string, endOfDay: boolean): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T00:00:00.000Z`);
    if (endOfDay) d.setUTCDate(d.getUTCDate() + 1);
    return d.toISOString();
  }
  return new Date(value).toISOString();
}

/** The chef-facing filters of GET /jobs (urgency, rate, skills, dates). */
function filters(q: JobListQuery): SQL[] {
  const where: SQL[] = [];
  if (q.emergencyLevel) where.push(sql`j.emergency_level = ${q.emergencyLevel}`);
  if (q.minRate !== undefined) where.push(sql`j.hourly_rate_cents >= ${Math.round(q.minRate * 100)}`);
  if (q.maxRate !== undefined) where.push(sql`j.hourly_rate_cents <= ${Math.round(q.maxRate * 100)}`);
  if (q.skills && q.skills.length > 0) {
    where.push(sql`exists (select 1 from jsonb_array_elements_text(${JSON.stringify(q.skills)}::jsonb) s(skill)
      where j.title = s.skill or j.required_skills @> jsonb_build_array(s.skill))`);
  }
  if (q.startDate) where.push(sql`j.start_time >= ${dateBound(q.startDate, false)}::timestamptz`);
  if (q.endDate) {
    const bare = /^\d{4}-\d{2}-\d{2}$/.test(q.endDate);
    where.push(
      bare
        ? sql`j.start_time < ${dateBound(q.endDate, true)}::timestamptz`
        : sql`j.start_time <= ${dateBound(q.endDate, false)}::timestamptz`,
    );
  }
  return where;
}

/**
 * The open shifts a chef may take, the same for every chef (no user_applied yet): the shared part of the
 * chefs' open list, which the router caches per list version (open-list.ts).
 */
export async function listOpenJobs(
  database: Database,
  policy: Policy,
  q: JobListQuery,
  now: Date,
): Promise<Job[]> {
  const where = [sql`j.status = 'open' and j.start_time > ${now.toISOString()}::timestamptz`, ...filters(q)];
  const rows = await database.rows<any>(sql`
    select to_jsonb(j) as job, to_jsonb(rp) as rp
    from ${jobFrom}
    where ${sql.join(where, sql` and `)}
    order by j.created_at desc, j.id
    limit ${q.limit ?? 100}`);
  return rows.map((r) => presentJob(normaliseJob(toJson(r.job, {})), toJson(r.rp, null), policy));
}

/** GET /jobs: a restaurant's own jobs (default all) or, for chefs, open jobs (default) / jobs they applied to. */
export async function listJobs(ctx: ViewContext, viewer: Viewer, q: JobListQuery, now: Date): Promise<Job[]> {
  const { database, policy } = ctx;
  const where: SQL[] = [];
  const isChef = viewer.type === 'chef';
  const status = q.status ?? (isChef ? 'open' : 'all');
  if (!isChef) {
    where.push(sql`j.restaurant_id = ${viewer.id}`);
    if (status !== 'all') where.push(sql`j.status = ${status}`);
  } else if (status === 'open') {
    where.push(sql`j.status = 'open' and j.start_time > ${now.toISOString()}::timestamptz`);
  } else if (status === 'all') {
    where.push(sql`(j.status = 'open' and j.start_time > ${now.toISOString()}::timestamptz
      or (ua.id is not null and j.status not in ('pending_payment', 'payment_failed')))`);
  } else {
    where.push(
      sql`j.status = ${status} and ua.id is not null and j.status not in ('pending_payment', 'payment_failed')`,
    );
  }
  where.push(...filters(q));
  const limit = q.limit ?? 100;
  const chefJoin = isChef
    ? sql`left join jobs.applications ua on ua.job_id = j.id and ua.chef_id = ${viewer.id}`
    : sql``;
  const extra = isChef
    ? sql`, ua.id as ua_id, ua.status as ua_status, ua.worker_confirmed as ua_worker_confirmed`
    : sql`, (select count(*)::int from jobs.applications pa where pa.job_id = j.id and pa.status = 'pending') as pending_count`;
  const rows = await database.rows<any>(
    sql`
    select to_jsonb(j) as job, to_jsonb(rp) as rp ${extra}
    from ${jobFrom} ${chefJoin}
    where ${sql.join(where, sql` and `)}
    order by j.created_at desc, j.id
    limit ${limit}`,
    undefined,
    { prepared: true },
  );
  const jobs = rows.map((r) => {
    const view = presentJob(normaliseJob(toJson(r.job, {})), toJson(r.rp, null), policy);
    if (isChef) {
      view.user_applied = r.ua_id !== null && r.ua_id !== undefined;
      view.user_application = view.user_applied
        ? { id: r.ua_id, status: r.ua_status, worker_confirmed: r.ua_worker_confirmed }
        : null;
    } else {
      view.pending_applications_count = Number(r.pending_count);
    }
    return view;
  });
  return attachDisputes(ctx, viewer, jobs);
}

const applicationFrom = sql`jobs.applications a
  join jobs.jobs j on j.id = a.job_id
  left join jobs.restaurant_profiles rp on rp.user_id = j.restaurant_id
  left join jobs.chef_profiles cp on cp.user_id = a.chef_id`;

function presentApplicationRow(r: any, policy: Policy): Application {
  const app = normaliseApplication(toJson(r.app, {}));
  return {
    ...presentApplicationOfJob(app, toJson(r.cp, null)),
    job_postings: presentJob(normaliseJob(toJson(r.job, {})), toJson(r.rp, null), policy),
  };
}

/** One application as its chef or the job's restaurant sees it; null for anyone else. */
export async function applicationView(
  ctx: ViewContext,
  viewer: Viewer,
  id: string,
  executor?: Executor,
): Promise<Application | null> {
  const rows = await ctx.database.rows<any>(
    sql`select to_jsonb(a) as app, to_jsonb(j) as job, to_jsonb(rp) as rp, to_jsonb(cp) as cp from ${applicationFrom} where a.id = ${id}`,
    executor,
  );
  if (!rows[0]) return null;
  const view = presentApplicationRow(rows[0], ctx.policy);
  const mine =
    viewer.type === 'chef' ? view.chef_id === viewer.id : view.job_postings.restaurant_id === viewer.id;
  if (!mine) return null;
  await attachDisputes(ctx, viewer, [view.job_postings], executor);
  return (await withReliability(ctx, [view], executor))[0];
}

/** GET /applications: a chef's own, or every application to a restaurant's jobs (newest first). */
export async function listApplications(
  ctx: ViewContext,
  viewer: Viewer,
  q: { jobId?: string; status?: string },
): Promise<Application[]> {
  const where: SQL[] = [
    viewer.type === 'chef' ? sql`a.chef_id = ${viewer.id}` : sql`j.restaurant_id = ${viewer.id}`,
  ];
  if (q.jobId) where.push(sql`a.job_id = ${q.jobId}`);
  if (q.status) where.push(sql`a.status = ${q.status}`);
  const rows = await ctx.database.rows<any>(
    sql`
    select to_jsonb(a) as app, to_jsonb(j) as job, to_jsonb(rp) as rp, to_jsonb(cp) as cp
    from ${applicationFrom}
    where ${sql.join(where, sql` and `)}
    order by a.created_at desc, a.id
    limit 500`,
    undefined,
    { prepared: true },
  );
  const applications = rows.map((r) => presentApplicationRow(r, ctx.policy));
  await attachDisputes(
    ctx,
    viewer,
    applications.map((a) => a.job_postings),
  );
  return withReliability(ctx, applications);
}
