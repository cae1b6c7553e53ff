import { CREDENTIAL_TYPES, type ApplicationStatus, type Policy } from '@brigade/contracts';
import { idArray, sql, type Database, type Executor } from '@brigade/kit';
import { findJob } from '../db/jobs.repository';
import { JobsErrors } from '../domain/errors';
import type { SQL } from 'drizzle-orm';
import { chefSeesMoney, jobMoney } from '../domain/money';
import { seatedJob, withSeat } from '../domain/seats';
import { applicationSeatJoin, jobJson } from '../db/seat-views';
import { heldShiftsColumn, heldShiftsOf, heldShiftsOfChef } from '../db/bookings.repository';
import { seatOfBooking } from '../db/seats.repository';
import { attachDisputes, disputesForJobs } from './dispute-views';
import { editsToAnswerOf, editToAnswerOf } from './edit-views';
import {
  presentApplicationOfJob,
  presentBooked,
  presentChef,
  presentJob,
  presentSeatSide,
  ratingReaderOf,
  type Application,
  type RatingReader,
} from './presenters';
import { chefReliabilityColumn, chefReliabilityOf, reliabilitySince } from '../db/reliability.repository';
import { heldCredentialsColumn } from '../db/credentials.repository';
import {
  normaliseApplication,
  normaliseJob,
  toJson,
  type ChefProfileJson,
  type RestaurantProfileJson,
} from '../db/rows';
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
  join jobs.jobs j on j.id = a.job_id ${applicationSeatJoin}
  left join jobs.restaurant_profiles rp on rp.user_id = j.restaurant_id
  left join jobs.chef_profiles cp on cp.user_id = a.chef_id`;

function presentApplicationRow(r: ApplicationJoinRow, policy: Policy, viewer: Viewer): Application {
  const app = normaliseApplication(toJson(r.app, {}));
  const job = normaliseJob(toJson(r.job, {}));
  const view: Application = {
    ...presentApplicationOfJob(app, toJson<ChefProfileJson | null>(r.cp, null)),
    job_postings: presentJob(
      job,
      toJson<RestaurantProfileJson | null>(r.rp, null),
      policy,
      undefined,
      ratingReaderOf(viewer, job),
    ),
  };
  // The job's money for its two sides: the restaurant, and the chef of this application when it holds the shift.
  // (issue 35: the money of the application's own seat on a posting of several)
  if (viewer.type === 'restaurant' || chefSeesMoney(job, app.chef_id, app))
    view.job_postings.money = jobMoney(seatedJob(job));
  return view;
}

/** One application as its chef or the job's restaurant sees it; null for anyone else. */
export async function applicationView(
  ctx: ViewContext,
  viewer: Viewer,
  id: string,
  executor?: Executor,
): Promise<Application | null> {
  const rows = await ctx.database.rows<ApplicationJoinRow>(
    sql`select to_jsonb(a) as app, ${jobJson} as job, to_jsonb(rp) as rp, to_jsonb(cp) as cp from ${applicationFrom} where a.id = ${id}`,
    executor,
    // Planned once per connection: planning it cost ~10x its running (3.9 / 0.67 ms under the bench's applies
    // and accepts, each of which answers with it).
    { prepared: true },
  );
  if (!rows[0]) return null;
  const view = presentApplicationRow(rows[0], ctx.policy, viewer);
  const mine =
    viewer.type === 'chef' ? view.chef_id === viewer.id : view.job_postings.restaurant_id === viewer.id;
  if (!mine) return null;
  // An application of a posting of several reads its own seat (issue 35): checkout, ratings, money.
  const job = normaliseJob(toJson(rows[0].job, {}));
  const seat = job.headcount > 1 ? await seatOfBooking(ctx.database, view.id, executor) : null;
  if (seat) {
    const seated = withSeat(job, seat);
    const reader = viewer.type === 'restaurant' ? 'restaurant' : seat.chef_id === viewer.id ? 'chef' : null;
    view.job_postings = presentSeatSide(view.job_postings, seated, reader);
    if (view.job_postings.money) view.job_postings.money = jobMoney(seated);
    view.seat_no = seat.seat_no;
  }
  if (viewer.type === 'chef')
    view.job_postings.edit_to_answer = await editToAnswerOf(ctx, view, job, executor);
  await attachDisputes(ctx, viewer, [view.job_postings], executor);
  return (await withReliability(ctx, [view], executor))[0];
}

/**
 * JSON text of the list's parts, each made once per version of its rows: the key is the row's id and its
 * `xmin` (the transaction that wrote this version of the row: every UPDATE, upsert or re-insert writes a new
 * version with a new xmin, and the list only reads committed rows outside any writing transaction, so one id
 * and xmin name one content), the value the presenter's output serialised without its closing brace (the
 * per-request fields are spliced in after it). Per policy (deadlines on every job). Nothing here depends on
 * who asks: the list's rows are the viewer's. VACUUM FREEZE keeps the raw xmin (PostgreSQL >= 9.4); a 32-bit
 * xmin can come round again only after ~4 billion transactions, so the fragments are dropped every hour.
 */
class Fragments {
  readonly apps = new Map<string, string>();
  /** A job's fragment and its money (Job.money's JSON), spliced in for the job's two sides only. */
  readonly jobs = new Map<string, JobFragment>();
  readonly chefs = new Map<string, string>();
  readonly records = new Map<string, string>();
  /** The credentials column's text -> the list's text of them (CREDENTIAL_TYPES order). */
  readonly credentials = new Map<string, string>();
  readonly made = Date.now();

  static readonly MAX = 2048;
  static readonly MAX_AGE_MS = 3_600_000;

  static put<T>(map: Map<string, T>, key: string, text: T): T {
    if (map.size >= Fragments.MAX) map.delete(map.keys().next().value!);
    map.set(key, text);
    return text;
  }

  static get<T>(map: Map<string, T>, key: string, make: () => T): T {
    return map.get(key) ?? Fragments.put(map, key, make());
  }
}
const fragmentsByPolicy = new WeakMap<Policy, Fragments>();
function fragmentsOf(policy: Policy): Fragments {
  let f = fragmentsByPolicy.get(policy);
  if (!f || Date.now() - f.made > Fragments.MAX_AGE_MS) fragmentsByPolicy.set(policy, (f = new Fragments()));
  return f;
}

/** A job's JSON without its closing brace, and its money's JSON. */
interface JobFragment {
  text: string;
  money: string;
}

/** An object's JSON without its closing brace. */
const open = (value: object) => JSON.stringify(value).slice(0, -1);

/** A listed application: ids and row versions (xmin) only; the rows' text is read when a version is new. */
/** The list's credentials column as JSON text in the list's order (issue 39: the applicant card's badges). */
function credentialsText(creds: ListRow['creds']): string {
  const types = typeof creds === 'string' ? (JSON.parse(creds) as string[]) : (creds ?? []);
  return JSON.stringify(CREDENTIAL_TYPES.filter((t) => types.includes(t)));
}

interface ListRow {
  id: string;
  app_v: string;
  job_id: string;
  /**
   * The job and the seat whose chef side it shows (`<job id>/<seat no>`, issue 35), and (issue 39) whose ratings
   * it shows them to (`/r` its restaurant, `/c` the seat's chef, `/n` anyone else): its fragment's id.
   */
  job_key: string;
  /** the chef of that seat (issue 39: the reader of their own rating) */
  seat_chef: string | null;
  /** The job's version, its seat's and its restaurant profile's ('' when it has none). */
  job_v: string;
  job_status: string;
  /** The chef the job's cancellation found booked (Job.money's reader), and this application's state. */
  job_cancelled_chef: string | null;
  app_chef: string;
  app_status: ApplicationStatus;
  app_wc: boolean | null;
  chef: string | null;
  chef_v: string | null;
  rel: string | null;
  /** Issue 39: the chef's verified credentials that count now, as JSON text (null without a chef) */
  creds: string | string[] | null;
  total: number | string;
  /** The version of the list's scope (see `listApplicationsJson`), null when that scope was never written. */
  list_v: string | number | null;
  /** A chef's own list: the shifts they hold (`heldShiftsColumn`'s text, the same on every row); else null. */
  held: string | null;
}

/** A fragment's key: its row's id and version (the job's: with its restaurant profile's). */
const versionKey = (id: string, version: string | null) => `${id}:${version}`;

/** A job fragment's reader of the ratings, by the last part of its key (issue 39). */
const READERS: Record<string, RatingReader> = { r: 'restaurant', c: 'chef', n: null };

/** One row version's text as the second statement reads it. */
interface TextRow {
  kind: 'a' | 'j' | 'c';
  id: string;
  v: string;
  t: string;
  rp: string | null;
}

/**
 * The fragments of the listed rows no kept fragment holds, made from their text (one statement), kept under
 * the versions this statement read, and returned by `kind:id` for this answer (a row written since the list
 * was read shows as now: the answer's tag was taken before both, so the next poll refetches anyway).
 */
async function makeMissing(
  ctx: ViewContext,
  f: Fragments,
  missing: { apps: string[]; jobs: string[]; chefs: string[] },
): Promise<Map<string, string | JobFragment>> {
  const parts: SQL[] = [];
  if (missing.apps.length)
    parts.push(sql`select 'a' as kind, a.id::text as id, a.xmin::text as v, to_jsonb(a)::text as t, null as rp
      from jobs.applications a where a.id = any(${idArray(missing.apps)}::uuid[])`);
  if (missing.jobs.length)
    parts.push(sql`select 'j' as kind, m.k as id, j.xmin::text || ':' || s1.xmin::text || ':' || coalesce(rp.xmin::text, '') as v,
        ${jobJson}::text as t, to_jsonb(rp)::text as rp
      from unnest(${idArray(missing.jobs)}::text[]) m(k)
      join jobs.jobs j on j.id = split_part(m.k, '/', 1)::uuid
      join jobs.seats s1 on s1.job_id = j.id and s1.seat_no = split_part(m.k, '/', 2)::int
      left join jobs.restaurant_profiles rp on rp.user_id = j.restaurant_id`);
  if (missing.chefs.length)
    parts.push(sql`select 'c' as kind, cp.user_id::text as id, cp.xmin::text as v, to_jsonb(cp)::text as t, null as rp
      from jobs.chef_profiles cp where cp.user_id = any(${idArray(missing.chefs)}::uuid[])`);
  const made = new Map<string, string | JobFragment>();
  for (const r of await ctx.database.rows<TextRow>(sql.join(parts, sql` union all `))) {
    const key = versionKey(r.id, r.v);
    if (r.kind === 'a') {
      const { chef_profiles: _, ...rest } = presentApplicationOfJob(
        normaliseApplication(JSON.parse(r.t)),
        null,
      );
      made.set(`a:${r.id}`, Fragments.put(f.apps, key, open(rest)));
    } else if (r.kind === 'j') {
      const rp = r.rp === null ? null : (JSON.parse(r.rp) as RestaurantProfileJson);
      const job = normaliseJob(JSON.parse(r.t));
      const fragment = {
        text: open(presentJob(job, rp, ctx.policy, undefined, READERS[r.id.split('/')[2] ?? 'n'] ?? null)),
        money: JSON.stringify(jobMoney(seatedJob(job))),
      };
      made.set(`j:${r.id}`, Fragments.put(f.jobs, key, fragment));
    } else {
      const { reliability: _, ...rest } = presentChef(JSON.parse(r.t) as ChefProfileJson)!;
      made.set(`c:${r.id}`, Fragments.put(f.chefs, key, open(rest)));
    }
  }
  return made;
}

/** A restaurant lists the applications of its own job only: an unknown job is 404, another's 403. */
export async function checkJobOwner(database: Database, restaurantId: string, jobId: string): Promise<void> {
  const job = await findJob(database, jobId);
  if (!job) throw JobsErrors.jobNotFound();
  if (job.restaurant_id !== restaurantId) throw JobsErrors.notJobOwner();
}

/**
 * GET /applications: a chef's own, or every application to a restaurant's jobs (newest first), as JSON text:
 * `{ applications, total }` exactly as `JSON.stringify` of the presented objects (presentApplicationRow, then
 * the disputes and the chefs' reliability records). One statement reads the page's ids, row versions and
 * reliability records (a column of it); a second reads the text of the rows whose version no kept fragment
 * holds (none once the page is known); the disputes add their two queries when a listed job may have one.
 * With `versionScope`, the first statement also reads that list version (`version`; null for an empty list),
 * so the answer's ETag needs no round trip of its own (`sendListWithEtag`). A chef's own list also carries
 * `booked`: the shifts they hold that have not ended (SHIFT_GAP included), for the openings screen's
 * warnings (issue 32); every change to them raises the chef's scope, the list's version. They are a column of
 * the first statement too (read once, in the same snapshot), read alone only when the page is empty.
 */
export async function listApplicationsJson(
  ctx: ViewContext,
  viewer: Viewer,
  q: { jobId?: string; status?: string },
  /** A list version scope (`c:<chef>`, `r:<restaurant>`) read in the same statement, for the answer's ETag. */
  versionScope?: string,
  attempt = 1,
): Promise<{ text: string; version: number | null }> {
  const where: SQL[] = [
    viewer.type === 'chef' ? sql`a.chef_id = ${viewer.id}` : sql`j.restaurant_id = ${viewer.id}`,
  ];
  if (q.jobId) where.push(sql`a.job_id = ${q.jobId}`);
  if (q.status) where.push(sql`a.status = ${q.status}`);
  const now = ctx.now();
  const since = reliabilitySince(now, ctx.policy.reliabilityWindowDays);
  // A chef's own list carries the shifts they hold that have not ended (SHIFT_GAP included), read with the rows.
  const heldAfter = new Date(now.getTime() - ctx.policy.shiftGapMs);
  // A chef's own list is one chef's: their records counted once (an InitPlan), not once per row.
  const chef = viewer.type === 'chef' ? sql`${viewer.id}::uuid` : sql`cp.user_id`;
  const rows = await ctx.database.rows<ListRow>(
    sql`
    select a.id, a.xmin::text as app_v, j.id as job_id, j.id::text || '/' || s1.seat_no::text as job_key,
      s1.chef_id as seat_chef,
      j.xmin::text || ':' || s1.xmin::text || ':' || coalesce(rp.xmin::text, '') as job_v,
      j.status as job_status, s1.cancelled_chef_id as job_cancelled_chef, a.chef_id as app_chef,
      a.status as app_status, a.worker_confirmed as app_wc, cp.user_id as chef, cp.xmin::text as chef_v,
      case when cp.user_id is null then null else ${chefReliabilityColumn(chef, since)} end as rel,
      case when cp.user_id is null then null else ${heldCredentialsColumn(chef, now)}::text end as creds,
      count(*) over () as total,
      ${versionScope === undefined ? sql`null::bigint` : sql`(select version from jobs.list_versions where scope = ${versionScope})`} as list_v,
      ${viewer.type === 'chef' ? heldShiftsColumn(viewer.id, heldAfter) : sql`null::text`} as held
    from ${applicationFrom}
    where ${sql.join(where, sql` and `)}
    order by a.created_at desc, a.id
    limit 500`,
    undefined,
    { prepared: true },
  );
  // Issue 39: each row's job fragment for its reader of the ratings (the restaurant, the seat's chef, another).
  for (const r of rows)
    r.job_key = `${r.job_key}/${viewer.type === 'restaurant' ? 'r' : r.seat_chef === viewer.id ? 'c' : 'n'}`;
  const f = fragmentsOf(ctx.policy);
  // The kept fragments, taken now (another answer may push them out while this one waits on the database).
  const apps = rows.map((r) => f.apps.get(versionKey(r.id, r.app_v)));
  const jobs = rows.map((r) => f.jobs.get(versionKey(r.job_key, r.job_v)));
  const chefs = rows.map((r) => (r.chef === null ? 'null' : f.chefs.get(versionKey(r.chef, r.chef_v))));
  const missing = {
    apps: rows.filter((_, i) => apps[i] === undefined).map((r) => r.id),
    jobs: rows.filter((_, i) => jobs[i] === undefined).map((r) => r.job_key),
    chefs: rows.filter((_, i) => chefs[i] === undefined).map((r) => r.chef!),
  };
  if (missing.apps.length + missing.jobs.length + missing.chefs.length > 0) {
    const made = await makeMissing(ctx, f, missing);
    rows.forEach((r, i) => {
      apps[i] ??= made.get(`a:${r.id}`) as string | undefined;
      jobs[i] ??= made.get(`j:${r.job_key}`) as JobFragment | undefined;
      chefs[i] ??= made.get(`c:${r.chef}`) as string | undefined;
    });
    // A row gone between the two statements (a profile replaced): read the list again.
    if ([apps, jobs, chefs].some((texts) => texts.includes(undefined))) {
      if (attempt < 3) return listApplicationsJson(ctx, viewer, q, versionScope, attempt + 1);
      throw new Error('listed rows keep changing while the applications list is read');
    }
  }
  const disputes = await disputesForJobs(
    ctx,
    viewer,
    rows.map((r) => ({ id: r.job_id, status: r.job_status as Application['job_postings']['status'] })),
  );
  // A booked chef's changes to answer (issue 35), spliced in after the money as the job answer has them.
  const toAnswer =
    viewer.type === 'chef'
      ? await editsToAnswerOf(
          ctx,
          rows.map((r) => ({
            app: { id: r.id, status: r.app_status, worker_confirmed: r.app_wc },
            job: { status: r.job_status },
          })),
        )
      : null;
  const items = rows.map((r, i) => {
    let chef = chefs[i]!;
    if (r.chef !== null) {
      const record = Fragments.get(f.records, r.rel ?? '', () => JSON.stringify(chefReliabilityOf(r.rel)));
      const creds =
        typeof r.creds === 'string'
          ? Fragments.get(f.credentials, r.creds, () => credentialsText(r.creds))
          : credentialsText(r.creds);
      chef = `${chef},"reliability":${record},"verified_credentials":${creds}}`;
    }
    const dispute = disputes.get(r.job_id)?.first;
    const { text, money } = jobs[i]!;
    const party =
      viewer.type === 'restaurant' ||
      chefSeesMoney(
        {
          status: r.job_status as Application['job_postings']['status'],
          cancelled_chef_id: r.job_cancelled_chef,
        },
        r.app_chef,
        { status: r.app_status, worker_confirmed: r.app_wc },
      );
    const paid = party ? `${text},"money":${money}` : text;
    const withMoney = toAnswer
      ? `${paid},"edit_to_answer":${JSON.stringify(toAnswer.get(r.id) ?? null)}`
      : paid;
    const job = dispute ? `${withMoney},"dispute":${JSON.stringify(dispute)}}` : `${withMoney}}`;
    return `${apps[i]},"chef_profiles":${chef},"job_postings":${job}}`;
  });
  // Read with the rows; alone when there are none (a filtered list can be empty while the chef holds shifts).
  const held =
    viewer.type !== 'chef'
      ? null
      : rows.length > 0 && rows[0].held !== null
        ? heldShiftsOf(rows[0].held)
        : await heldShiftsOfChef(ctx.database, viewer.id, { endedAfter: heldAfter });
  const booked = held
    ? `,"booked":${JSON.stringify(held.map((shift) => presentBooked(ctx.policy, shift)))}`
    : '';
  return {
    text: `{"applications":[${items.join(',')}],"total":${totalOf(rows)}${booked}}`,
    // Read with the rows (one snapshot); a scope never written is at 0. Without rows, not read.
    version: versionScope === undefined || rows.length === 0 ? null : Number(rows[0].list_v ?? 0),
  };
}
