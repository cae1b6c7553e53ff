import type { Policy } from '@brigade/contracts';
import { sql, type Executor } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import { attachDisputes, disputesForJobs } from './dispute-views';
import { presentApplicationOfJob, presentChef, presentJob, type Application } from './presenters';
import { chefReliabilityColumn, chefReliabilityOf, reliabilitySince } from './reliability.repository';
import {
  normaliseApplication,
  normaliseJob,
  toJson,
  type ChefProfileJson,
  type RestaurantProfileJson,
} from './rows';
import { totalOf } from './job-views';
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

/**
 * JSON text of the list's parts, each made once per version of its rows: the key is the rows' own to_jsonb
 * text (so any change to a row, or to its restaurant's or chef's profile, is a new key), the value the
 * presenter's output serialised without its closing brace (the per-request fields are spliced in after it).
 * Per policy (deadlines on every job). Nothing here depends on who asks: the list's rows are the viewer's.
 */
class Fragments {
  readonly apps = new Map<string, string>();
  readonly jobs = new Map<string, string>();
  readonly chefs = new Map<string, string>();
  readonly records = new Map<string, string>();

  static readonly MAX = 2048;

  static get(map: Map<string, string>, key: string, make: () => string): string {
    let text = map.get(key);
    if (text === undefined) {
      text = make();
      if (map.size >= Fragments.MAX) map.delete(map.keys().next().value!);
      map.set(key, text);
    }
    return text;
  }
}
const fragmentsByPolicy = new WeakMap<Policy, Fragments>();
function fragmentsOf(policy: Policy): Fragments {
  let f = fragmentsByPolicy.get(policy);
  if (!f) fragmentsByPolicy.set(policy, (f = new Fragments()));
  return f;
}

/** An object's JSON without its closing brace. */
const open = (value: object) => JSON.stringify(value).slice(0, -1);

interface ListRow {
  app: string;
  job: string;
  rp: string | null;
  cp: string | null;
  rel: string | null;
  job_id: string;
  job_status: string;
  total: number | string;
}

/**
 * GET /applications: a chef's own, or every application to a restaurant's jobs (newest first), as JSON text:
 * `{ applications, total }` exactly as `JSON.stringify` of the presented objects (presentApplicationRow, then
 * the disputes and the chefs' reliability records), in one statement (the records are a column of it) plus
 * the disputes' two queries when a listed job may have one.
 */
export async function listApplicationsJson(
  ctx: ViewContext,
  viewer: Viewer,
  q: { jobId?: string; status?: string },
): Promise<string> {
  const where: SQL[] = [
    viewer.type === 'chef' ? sql`a.chef_id = ${viewer.id}` : sql`j.restaurant_id = ${viewer.id}`,
  ];
  if (q.jobId) where.push(sql`a.job_id = ${q.jobId}`);
  if (q.status) where.push(sql`a.status = ${q.status}`);
  const since = reliabilitySince(ctx.now(), ctx.policy.reliabilityWindowDays);
  const rows = await ctx.database.rows<ListRow>(
    sql`
    select to_jsonb(a)::text as app, to_jsonb(j)::text as job, to_jsonb(rp)::text as rp, to_jsonb(cp)::text as cp,
      case when cp.user_id is null then null else ${chefReliabilityColumn(sql`cp.user_id`, since)} end as rel,
      j.id as job_id, j.status as job_status,
      count(*) over () as total
    from ${applicationFrom}
    where ${sql.join(where, sql` and `)}
    order by a.created_at desc, a.id
    limit 500`,
    undefined,
    { prepared: true },
  );
  const disputes = await disputesForJobs(
    ctx,
    viewer,
    rows.map((r) => ({ id: r.job_id, status: r.job_status as Application['job_postings']['status'] })),
  );
  const f = fragmentsOf(ctx.policy);
  const items = rows.map((r) => {
    const app = Fragments.get(f.apps, r.app, () => {
      const { chef_profiles: _, ...rest } = presentApplicationOfJob(
        normaliseApplication(JSON.parse(r.app)),
        null,
      );
      return open(rest);
    });
    let chef = 'null';
    if (r.cp !== null) {
      const cp = r.cp;
      const head = Fragments.get(f.chefs, cp, () => {
        const { reliability: _, ...rest } = presentChef(JSON.parse(cp) as ChefProfileJson)!;
        return open(rest);
      });
      const record = Fragments.get(f.records, r.rel ?? '', () => JSON.stringify(chefReliabilityOf(r.rel)));
      chef = `${head},"reliability":${record}}`;
    }
    const job = Fragments.get(f.jobs, `${r.job}\n${r.rp}`, () =>
      open(
        presentJob(
          normaliseJob(JSON.parse(r.job)),
          r.rp === null ? null : (JSON.parse(r.rp) as RestaurantProfileJson),
          ctx.policy,
        ),
      ),
    );
    const dispute = disputes.get(r.job_id);
    const jobText = dispute ? `${job},"dispute":${JSON.stringify(dispute)}}` : `${job}}`;
    return `${app},"chef_profiles":${chef},"job_postings":${jobText}}`;
  });
  return `{"applications":[${items.join(',')}],"total":${totalOf(rows)}}`;
}
