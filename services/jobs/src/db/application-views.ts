import type { Policy } from '@brigade/contracts';
import { sql, type Executor } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import { attachDisputes } from './dispute-views';
import { presentApplicationOfJob, presentJob, type Application } from './presenters';
import {
  normaliseApplication,
  normaliseJob,
  toJson,
  type ChefProfileJson,
  type RestaurantProfileJson,
} from './rows';
import { totalOf, type Listed } from './job-views';
import { withReliability, type ViewContext, type Viewer } from './view-context';

// The read side of applications: GET /applications and GET /applications/{id}, each with its job posting and
// its chef's card, in the response shapes of contracts/src/http/jobs.ts (to_jsonb records, as in job-views).

/** An application with its job, the job's restaurant and the chef, as to_jsonb records. */
interface ApplicationJoinRow {
  app: unknown;
  job: unknown;
  rp: unknown;
  cp: unknown;
}

const applicationFrom = sql`jobs.applications a
  join jobs.jobs j on j.id = a.job_id
  left join jobs.restaurant_profiles rp on rp.user_id = j.restaurant_id
  left join jobs.chef_profiles cp on cp.user_id = a.chef_id`;

function presentApplicationRow(r: ApplicationJoinRow, policy: Policy): Application {
  const app = normaliseApplication(toJson(r.app, {}));
  return {
    ...presentApplicationOfJob(app, toJson<ChefProfileJson | null>(r.cp, null)),
    job_postings: presentJob(
      normaliseJob(toJson(r.job, {})),
      toJson<RestaurantProfileJson | null>(r.rp, null),
      policy,
    ),
  };
}

/** One application as its chef or the job's restaurant sees it; null for anyone else. */
export async function applicationView(
  ctx: ViewContext,
  viewer: Viewer,
  id: string,
  executor?: Executor,
): Promise<Application | null> {
  const rows = await ctx.database.rows<ApplicationJoinRow>(
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
): Promise<Listed<Application>> {
  const where: SQL[] = [
    viewer.type === 'chef' ? sql`a.chef_id = ${viewer.id}` : sql`j.restaurant_id = ${viewer.id}`,
  ];
  if (q.jobId) where.push(sql`a.job_id = ${q.jobId}`);
  if (q.status) where.push(sql`a.status = ${q.status}`);
  const rows = await ctx.database.rows<ApplicationJoinRow & { total: number | string }>(
    sql`
    select to_jsonb(a) as app, to_jsonb(j) as job, to_jsonb(rp) as rp, to_jsonb(cp) as cp,
      count(*) over () as total
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
  return { items: await withReliability(ctx, applications), total: totalOf(rows) };
}
