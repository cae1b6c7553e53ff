import {
  bookNowMissing,
  missingCredentials,
  roundMiles,
  type ApplicationStatus,
  type BookNowCondition,
  type Policy,
} from '@brigade/contracts';
import { sql, type Database, type Executor } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import { contactTimes, isBookedShift } from '../domain/contact';
import { canBookNow } from '../domain/fill';
import { bookNowRecordOf } from '../db/reliability.repository';
import { chefSeesMoney, jobMoney, postingMoney } from '../domain/money';
import { withSeat } from '../domain/seats';
import type { SeatRow } from '../domain/records';
import { BOOKED_SEAT_STATUSES, jobJson, seatOneJoin } from '../db/seat-views';
import { seatsOfJobs, seatsWithChefs } from '../db/seats.repository';
import { standbyCount, standbyPosition } from '../db/standby.repository';
import { heldShiftsOfChef } from '../db/bookings.repository';
import { clockedTimesheetOfJob } from '../db/timesheets.repository';
import { attachDisputes } from './dispute-views';
import { attachPendingEdits, editToAnswerOf } from './edit-views';
import { milesToRestaurant, type ChefPlace } from './places';
import { latitudeWithin, restaurantLat } from '../db/distance';
import {
  presentApplicationOfJob,
  presentBooked,
  presentJob,
  presentSeat,
  presentSeatSide,
  ratingReaderOf,
  type ApplicationOfJob,
  type BookedShift,
  type Job,
} from './presenters';
import { verifiedPhoneOf } from '../db/read-models.repository';
import { heldCredentials } from '../db/credentials.repository';
import {
  normaliseApplication,
  normaliseJob,
  toJson,
  type ChefProfileJson,
  type RestaurantProfileJson,
} from '../db/rows';
import { withReliability, type ViewContext, type Viewer } from './view-context';

// The read side of jobs: GET /jobs and GET /jobs/{id} in the response shapes of contracts/src/http/jobs.ts.
// Rows come back as to_jsonb(...) records so joined tables never clash on column names.

/** A job with its restaurant's profile, as to_jsonb records (text or parsed, by driver: see toJson). */
interface JobJoinRow {
  job: unknown;
  rp: unknown;
}

/** A row of a list: how many rows match without the limit (`count(*) over ()`, before LIMIT applies). */
interface Counted {
  total?: number | string;
}

/** A list cut at its limit, with how many match in all (the dashboards' counts). */
export interface Listed<T> {
  items: T[];
  total: number;
}

/** The total of a counted list: the window count of any row, or 0 when nothing matched. */
export function totalOf(rows: Counted[]): number {
  return rows.length === 0 ? 0 : Number(rows[0].total);
}

/** A chef's application to a job, in a chef's list (null columns: not applied). */
interface ChefJobRow extends JobJoinRow {
  ua_id: string | null;
  ua_status: ApplicationStatus | null;
  ua_worker_confirmed: boolean | null;
}

/** A restaurant's job with the count of its pending applications. */
interface RestaurantJobRow extends JobJoinRow {
  pending_count: number | string;
}

type UserApplication = { id: string; status: ApplicationStatus; worker_confirmed: boolean | null };

const presentJobRow = (r: JobJoinRow, policy: Policy, now?: Date): Job =>
  presentJob(normaliseJob(toJson(r.job, {})), toJson<RestaurantProfileJson | null>(r.rp, null), policy, now);

/** The job's restaurant as `rp` (its place: `restaurantLat`, `milesToRestaurant`), when jobs knows it. */
const restaurantJoin = sql`left join jobs.restaurant_profiles rp on rp.user_id = j.restaurant_id`;
const jobFrom = sql`jobs.jobs j ${seatOneJoin} ${restaurantJoin}`;

/** One job as this viewer may see it, or null (unknown, or not theirs to see). */
export async function jobView(
  ctx: ViewContext,
  viewer: Viewer,
  id: string,
  executor?: Executor,
): Promise<Job | null> {
  const { database } = ctx;
  const rows = await database.rows<JobJoinRow>(
    sql`select ${jobJson} as job, to_jsonb(rp) as rp from ${jobFrom} where j.id = ${id}`,
    executor,
    { prepared: true },
  );
  if (!rows[0]) return null;
  const job = normaliseJob(toJson(rows[0].job, {}));
  // Issue 39: the ratings as this viewer may read them (their own; the other side's once published).
  const view = presentJob(
    job,
    toJson<RestaurantProfileJson | null>(rows[0].rp, null),
    ctx.policy,
    ctx.now(),
    ratingReaderOf(viewer, job),
  );
  // A shift with clock events (issue 34): checkout opens at the chef's clock-out, not at the scheduled end.
  const clocked = await clockedTimesheetOfJob(database, id, executor);
  if (clocked?.submitted_at) view.checkout_opens_at = clocked.submitted_at.toISOString();
  // Issue 37: how many chefs wait on the shift's standby list (each chef also reads their own place below).
  view.standby_count = await standbyCount(database, id, executor);
  if (viewer.type === 'restaurant') {
    if (job.restaurant_id !== viewer.id) return null;
    const apps = await database.rows<{ app: unknown; cp: unknown }>(
      sql`select to_jsonb(a) || jsonb_build_object('seat_no', st.seat_no) as app, to_jsonb(cp) as cp
          from jobs.applications a
          left join jobs.seats st on st.application_id = a.id
          left join jobs.chef_profiles cp on cp.user_id = a.chef_id where a.job_id = ${id} order by a.created_at`,
      executor,
      { prepared: true },
    );
    view.applications = await withReliability(
      ctx,
      apps.map((r) =>
        presentApplicationOfJob(
          normaliseApplication(toJson(r.app, {})),
          toJson<ChefProfileJson | null>(r.cp, null),
        ),
      ),
      executor,
    );
    view.pending_applications_count = view.applications.filter(
      (a: ApplicationOfJob) => a.status === 'pending',
    ).length;
    const booked = view.applications.find((a) => isBookedShift(job, a));
    if (booked) view.contact = await contactOf(ctx, job, booked.chef_id, executor);
    // The clock code (issue 34): the owner's only, once a chef is confirmed; never to chefs, never in lists.
    view.clock_code = view.applications.some((a) => a.status === 'accepted' && a.worker_confirmed === true)
      ? job.clock_code
      : null;
    // Each seat with its chef (issue 35): the job page's "2 of 3 booked", seat by seat, and the posting's money.
    const seats = await seatsWithChefs(database, id, executor);
    view.money = postingMoney(job, seats);
    // Each booked chef's phone inside the contact window (issue 32's rule), seat by seat: a posting of several
    // chefs reaches each of them, not only the one `contact` names (a posting of one: `contact` alone says it).
    const several = job.headcount > 1;
    const window = contactTimes(ctx.policy, job, ctx.now());
    view.seat_list = await Promise.all(
      seats.map(async (s) => ({
        ...presentSeat(s, s.chef_name),
        phone:
          several &&
          window.open &&
          s.chef_id &&
          (BOOKED_SEAT_STATUSES as readonly string[]).includes(s.status)
            ? await verifiedPhoneOf(ctx.database, s.chef_id, executor)
            : null,
      })),
    );
    await attachPendingEdits(ctx, [view], executor);
    return (await attachDisputes(ctx, viewer, [view], executor))[0];
  }
  const mine = await database.rows<UserApplication>(
    sql`select id, status, worker_confirmed from jobs.applications where job_id = ${id} and chef_id = ${viewer.id}`,
    executor,
  );
  const application = mine[0] ?? null;
  view.standby_position = await standbyPosition(database, id, viewer.id, executor);
  // A chef sees open jobs, and any non-draft job they applied to (My Shifts) or wait on (standby, issue 37).
  if (
    job.status !== 'open' &&
    !(
      (application || view.standby_position !== null) &&
      job.status !== 'pending_payment' &&
      job.status !== 'payment_failed'
    )
  )
    return null;
  view.user_applied = application !== null;
  view.user_application = application
    ? { id: application.id, status: application.status, worker_confirmed: application.worker_confirmed }
    : null;
  if (application && isBookedShift(job, application))
    view.contact = await contactOf(ctx, job, job.restaurant_id, executor);
  // A chef of a posting of several reads their own seat: its checkout, ratings and money (issue 35).
  const seat =
    application && job.headcount > 1
      ? (await seatsWithChefs(database, id, executor)).find((s) => s.application_id === application.id)
      : undefined;
  const seated = seat ? withSeat(job, seat) : job;
  if (seat) Object.assign(view, presentSeatSide(view, seated, 'chef'));
  if (chefSeesMoney(seated, viewer.id, application)) view.money = jobMoney(seated);
  view.booked_conflict = job.status === 'open' ? await bookedConflict(ctx, viewer.id, job, executor) : null;
  view.edit_to_answer = application ? await editToAnswerOf(ctx, application, job, executor) : null;
  // Issue 37: "Book now", or what the chef still needs for it (their own answer only, never a shared one).
  view.book_now_missing = await bookNowMissingOf(ctx, viewer.id, executor);
  view.book_now_min_shifts = ctx.policy.instantBookMinShifts;
  // Issue 39: the required credentials the chef has no verified, unexpired one of (the page says what to add).
  view.missing_credentials = missingCredentials(
    job.required_credentials,
    job.required_credentials.length ? await heldCredentials(database, viewer.id, ctx.now(), executor) : [],
  );
  view.can_book_now =
    canBookNow(job, application, view.book_now_missing, ctx.now()) &&
    (view.seats?.open ?? 0) > 0 &&
    view.missing_credentials.length === 0;
  return (await attachDisputes(ctx, viewer, [view], executor))[0];
}

/** The conditions of "Book now" the chef misses now (issue 37: contracts' bar over their record). */
export async function bookNowMissingOf(
  ctx: ViewContext,
  chefId: string,
  executor?: Executor,
): Promise<BookNowCondition[]> {
  const record = await bookNowRecordOf(
    ctx.database,
    chefId,
    ctx.now(),
    ctx.policy.reliabilityWindowDays,
    executor,
  );
  return bookNowMissing(ctx.policy, record);
}

/**
 * How one side of a booked shift reaches the other (`other`: the confirmed chef for the restaurant, the
 * restaurant for the chef): the other's verified phone only inside the contact window (issue 32).
 */
async function contactOf(
  ctx: ViewContext,
  job: { start_time: Date; end_time: Date },
  other: string,
  executor?: Executor,
): Promise<NonNullable<Job['contact']>> {
  const { from, until, open } = contactTimes(ctx.policy, job, ctx.now());
  return {
    phone: open ? await verifiedPhoneOf(ctx.database, other, executor) : null,
    phone_from: from.toISOString(),
    phone_until: until.toISOString(),
  };
}

/**
 * Another shift the chef holds that clashes with this one (SHIFT_GAP of travel included), the soonest, or
 * null: the "you are booked" warning of the chef's job page (issue 32). Only while the shift is open (the chef
 * may still apply, be accepted or confirm).
 */
async function bookedConflict(
  ctx: ViewContext,
  chefId: string,
  job: { id: string; start_time: Date; end_time: Date },
  executor?: Executor,
): Promise<BookedShift | null> {
  const from = new Date(job.start_time.getTime() - ctx.policy.shiftGapMs);
  const until = new Date(job.end_time.getTime() + ctx.policy.shiftGapMs);
  const [other] = await heldShiftsOfChef(ctx.database, chefId, { from, until, except: job.id }, executor);
  return other ? presentBooked(ctx.policy, other) : null;
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
  near?: 'me' | 'all';
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

/** Shifts within this many miles of each other count as equally near: the soonest of them comes first. */
export const DISTANCE_BAND_MILES = 5;

/**
 * The open shifts a chef may take, the same for every chef of the same place (no user_applied yet): the shared
 * part of the chefs' open list, which the router caches per list version and place (open-list.ts).
 * With a place, each shift says how far it is (`distance_miles`), nearest first in bands of
 * DISTANCE_BAND_MILES and soonest first within a band; `withinRadius` keeps only those within the place's
 * radius (a shift whose restaurant has no known place yet stays, last, rather than vanish). Without a place:
 * soonest first, no distances.
 */
export async function listOpenJobs(
  database: Database,
  policy: Policy,
  q: JobListQuery,
  now: Date,
  place: ChefPlace | null = null,
  withinRadius = false,
  /**
   * Issue 37: list instead the roster-first shifts offered to this chef (user id) while their window runs: of
   * restaurants whose favorite they are, with no block either way. Without it, shifts in their window are left
   * out (the shared list is the same for every chef of a place: they reach favorites as a per-chef addition).
   */
  offeredTo?: string,
): Promise<Listed<Job>> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const where = [
    sql`j.status = 'open' and j.start_time > ${at}`,
    offeredTo
      ? sql`j.roster_first_until > ${at}
          and exists (select 1 from jobs.favorites f where f.restaurant_id = j.restaurant_id and f.chef_id = ${offeredTo})
          and not exists (select 1 from jobs.blocks b where b.restaurant_id = j.restaurant_id and b.chef_id = ${offeredTo})`
      : sql`(j.roster_first_until is null or j.roster_first_until <= ${at})`,
    ...filters(q),
  ];
  const distance = place ? milesToRestaurant(place) : sql<null>`null::float8`;
  // Within the chef's radius: the latitude first (a comparison, no trigonometry), then the distance, computed once
  // per shift in the subquery (`offset 0` keeps the planner from copying its expression into the filter).
  if (place && withinRadius) where.push(latitudeWithin(restaurantLat, place.lat, place.radiusMiles));
  const near =
    place && withinRadius ? sql`where distance is null or distance <= ${place.radiusMiles}::float8` : sql``;
  // The matching shifts are found, counted and ordered by their keys alone; only the page's are made into JSON
  // (with their seats' counts): a city of 11,000 open shifts built every shift's JSON for a page of 50 (issue 41).
  // Matching reads the jobs and their restaurants' places only: every job has its seat 1 (made with it), which
  // the page's rows join. At 100x the seed (101,000 shifts in a chef's list) this took the build 445 -> 248 ms.
  const rows = await database.rows<JobJoinRow & Counted & { distance: number | string | null }>(sql`
    with matched as (
      select id, start_time, distance from (
        select j.id, j.start_time, ${distance} as distance
        from jobs.jobs j ${restaurantJoin}
        where ${sql.join(where, sql` and `)}
        offset 0
      ) m ${near}
    ), page as (
      select id, start_time, distance from matched
      order by floor(distance / ${DISTANCE_BAND_MILES}) nulls last, start_time, id
      limit ${q.limit ?? 100}
    )
    select ${jobJson} as job, to_jsonb(rp) as rp, (select count(*) from matched) as total, page.distance
    from ${jobFrom}, page
    where j.id = page.id
    order by floor(page.distance / ${DISTANCE_BAND_MILES}) nulls last, page.start_time, page.id`);
  return {
    items: rows.map((r) => ({
      ...presentJobRow(r, policy, now),
      distance_miles: r.distance === null ? null : roundMiles(Number(r.distance)),
    })),
    total: totalOf(rows),
  };
}

/**
 * Issue 37, for a chef's lists read here (the open list is open-list.ts'): an open shift they may browse: no block
 * either way with its restaurant, and outside its roster-first window unless they are its restaurant's favorite
 * (or applied: `ua`). As use-cases/ensure-chef-may-see.ts decides for one shift.
 */
function mayBrowse(chefId: string, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`(not exists (select 1 from jobs.blocks b where b.restaurant_id = j.restaurant_id and b.chef_id = ${chefId})
    and (j.roster_first_until is null or j.roster_first_until <= ${at} or ua.id is not null
      or exists (select 1 from jobs.favorites f where f.restaurant_id = j.restaurant_id and f.chef_id = ${chefId})))`;
}

/** GET /jobs: a restaurant's own jobs (default all) or, for chefs, open jobs (default) / jobs they applied to. */
export async function listJobs(
  ctx: ViewContext,
  viewer: Viewer,
  q: JobListQuery,
  now: Date,
): Promise<Listed<Job>> {
  const { database, policy } = ctx;
  const where: SQL[] = [];
  const isChef = viewer.type === 'chef';
  const status = q.status ?? (isChef ? 'open' : 'all');
  if (!isChef) {
    where.push(sql`j.restaurant_id = ${viewer.id}`);
    if (status !== 'all') where.push(sql`j.status = ${status}`);
  } else if (status === 'open') {
    where.push(
      sql`j.status = 'open' and j.start_time > ${now.toISOString()}::timestamptz`,
      mayBrowse(viewer.id, now),
    );
  } else if (status === 'all') {
    where.push(sql`(j.status = 'open' and j.start_time > ${now.toISOString()}::timestamptz and ${mayBrowse(viewer.id, now)}
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
  const rows = await database.rows<ChefJobRow & RestaurantJobRow & Counted>(
    sql`
    select ${jobJson} as job, to_jsonb(rp) as rp, count(*) over () as total ${extra}
    from ${jobFrom} ${chefJoin}
    where ${sql.join(where, sql` and `)}
    order by j.created_at desc, j.id
    limit ${limit}`,
    undefined,
    { prepared: true },
  );
  const jobRows = rows.map((r) => normaliseJob(toJson(r.job, {})));
  // A restaurant's postings of several chefs read their money over every seat, as the job page does (issue 35).
  const seatsOf = isChef
    ? new Map<string, SeatRow[]>()
    : await seatsOfJobs(
        database,
        jobRows.filter((j) => (j.headcount ?? 1) > 1).map((j) => j.id),
      );
  const jobs = rows.map((r, i) => {
    const row = jobRows[i]!;
    const view = presentJob(
      row,
      toJson<RestaurantProfileJson | null>(r.rp, null),
      policy,
      undefined,
      ratingReaderOf(viewer, row),
    );
    if (isChef) {
      view.user_applied = r.ua_id !== null && r.ua_id !== undefined;
      view.user_application =
        r.ua_id !== null && r.ua_id !== undefined
          ? { id: r.ua_id, status: r.ua_status!, worker_confirmed: r.ua_worker_confirmed }
          : null;
      if (chefSeesMoney(row, viewer.id, view.user_application)) view.money = jobMoney(row);
    } else {
      view.pending_applications_count = Number(r.pending_count);
      const seats = seatsOf.get(row.id);
      view.money = seats ? postingMoney(row, seats) : jobMoney(row);
    }
    return view;
  });
  if (!isChef) await attachPendingEdits(ctx, jobs);
  return { items: await attachDisputes(ctx, viewer, jobs), total: totalOf(rows) };
}
