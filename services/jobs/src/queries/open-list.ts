import { clashesWithBooked, type BookNowCondition, type Policy } from '@brigade/contracts';
import { sql, type Database } from '@brigade/kit';
import { restaurantsInRosterWindow, restaurantTiesOf } from '../db/blocks.repository';
import { heldShiftsOfChef } from '../db/bookings.repository';
import { canBookNow } from '../domain/fill';
import { bookNowMissingOf, listOpenJobs, type JobListQuery } from './job-views';
import { chefPlace, type ChefPlace } from './places';
import { presentBooked, type BookedShift } from './presenters';

/**
 * The chefs' open list, which every chef polls. Its content is the same for every chef except the two
 * user_applied fields, and it changes only when the `jobs` version moves or the next open shift starts.
 * So it is built once per (query, jobs version, next start), kept as JSON fragments, and each chef's answer
 * is those fragments with that chef's applications spliced in; a chef's applications are cached per
 * `c:<chef>` version. A new shift makes every chef refetch: one build serves them all (concurrent misses
 * share one build), instead of one list query per chef.
 *
 * The versions come from the poll's own version read (done before any list read), so an entry can only
 * hold data newer than its key, never older: a later poll with a higher version builds again.
 *
 * Distances depend on where the chef is (their home: a ZIP's centre or a 0.01-degree square; else their city's
 * centre) and `near=me` (the default) on their travel radius, so a shared list is per (query, place, radius):
 * every chef of one ZIP, one square or one city (without a home) with the same radius shares one (ADR 22). The
 * chef's place is read with their applications and cached per `c:<chef>` version, which a profile change raises
 * (so a new home, city or radius is seen on the next poll, and its ETag differs).
 *
 * The chef's own answer also says, per shift, whether it clashes with a shift the chef holds (`booked_conflict`,
 * issue 32), spliced like their applications from the shifts they hold, read with them per `c:<chef>` version
 * (accepting, confirming, declining, cancelling or a job's change all raise it). The shared body never carries
 * it: the openings screen reads the chef's held shifts from their applications poll (`booked`) instead.
 */
interface SharedList {
  ids: string[];
  /** Each job's restaurant (user id): a chef with blocks gets the list without theirs (issue 37). */
  restaurants: string[];
  /** Each job's JSON without its closing brace, ready for the chef's fields. */
  fragments: string[];
  /** Each job's times, to find the chef's clashing bookings. */
  times: Array<{ start_time: string; end_time: string }>;
  /** Issue 37: whether each job is instant-book (the chef's "Book now" is spliced in per chef). */
  instant: boolean[];
  /** How many open shifts match in all (the list is cut at the query's limit). */
  total: number;
  /** The whole shared answer (shared=1), made on first use. */
  body?: string;
}

type UserApplication = { id: string; status: string; worker_confirmed: boolean | null };

interface ChefState {
  version: number;
  apps: Map<string, UserApplication>;
  place: ChefPlace | null;
  /**
   * The shifts the chef holds that had not ended (plus SHIFT_GAP) when read: one that has since ended cannot
   * clash with a shift still open (those start after now), so the list stays right as the clock moves.
   */
  booked: BookedShift[];
  /** Issue 37: the restaurants kept apart from the chef by a block either way (a block moves `c:<chef>`). */
  blocked: Set<string>;
  /** Issue 37: the conditions of "Book now" the chef misses, as of this version. */
  missing: BookNowCondition[];
  /** Issue 37: the restaurants counting the chef among their favorites (a favorite's change moves `c:<chef>`). */
  favoriteOf: Set<string>;
}

/**
 * Lists kept (the oldest written goes first). One per (query, place, radius) at the current versions: with chefs'
 * homes (issue 32) a place is a ZIP or a 0.01-degree square rather than a city, so more of them are live at once
 * (ADR 22); a list of 50 shifts is ~50 KB.
 */
const MAX_LISTS = 256;

/** `near=me` (the default) narrows the list to the chef's radius when the chef has a place. */
const nearMe = (q: JobListQuery, place: ChefPlace | null) => (q.near ?? 'me') === 'me' && place !== null;

/** The answer's `area`: the city and radius the list was narrowed to, or null. */
const areaOf = (place: ChefPlace | null, near: boolean) =>
  near && place ? JSON.stringify({ city: place.city, radius_miles: place.radiusMiles }) : 'null';

/** The answer's `distances_from`: the chef's home, their city's centre, or null without a place (issue 32). */
const fromOf = (place: ChefPlace | null) => (place ? (place.home ? '"home"' : '"city"') : 'null');

/** The end of an open list's body: its total, area and where its distances are from. */
const tailOf = (total: number, place: ChefPlace | null, near: boolean) =>
  `"total":${total},"area":${areaOf(place, near)},"distances_from":${fromOf(place)}}`;

/**
 * What an open list depends on besides the query: the chef's place (distances) and, with near=me, their radius.
 * Chefs with the same key see the same list; it names the shared list's audience (ADR 7).
 */
export function placeKey(place: ChefPlace | null, near: boolean): string {
  return place
    ? `${place.lat},${place.lon},${near ? place.radiusMiles : 'all'}${place.home ? ',home' : ''}`
    : '';
}
const MAX_CHEFS = 20_000;

const NONE_OFFERED = { items: [], total: 0 };

export class OpenListCache {
  private readonly lists = new Map<string, Promise<SharedList>>();
  /** Issue 37: the restaurants with a roster-first window running, as of (jobs version, next moment). */
  private windows?: { key: string; restaurants: Promise<Set<string>> };
  private readonly chefs = new Map<string, ChefState>();

  constructor(
    private readonly database: Database,
    private readonly policy: Policy,
  ) {}

  /** The body of GET /jobs?status=open for this chef, as JSON text. */
  async body(
    chefId: string,
    q: JobListQuery,
    now: Date,
    versions: { jobs: number; chef: number; nextStartMs: number | null },
  ): Promise<string> {
    const { apps, place, booked, blocked, missing, favoriteOf } = await this.chef(chefId, versions.chef, now);
    const missingJson = JSON.stringify(missing);
    const near = nearMe(q, place);
    const [list, offered] = await Promise.all([
      this.shared(q, now, versions.jobs, versions.nextStartMs, place, near),
      this.offeredFirstIfAny(chefId, favoriteOf, q, now, place, versions),
    ]);
    const splice = (id: string, fragment: string, times: SharedList['times'][number], instant: boolean) => {
      const app = apps.get(id);
      const clash = booked.find((b) => b.job_id !== id && clashesWithBooked(times, b));
      const bookNow = canBookNow(
        { instant_book: instant, status: 'open', start_time: times.start_time },
        app,
        missing,
        now,
      );
      // Issue 37: the chef's own "Book now" (never in the shared body).
      const conflict = `"booked_conflict":${clash ? JSON.stringify(clash) : 'null'},"can_book_now":${bookNow},"book_now_missing":${missingJson}`;
      return app
        ? `${fragment},${conflict},"user_applied":true,"user_application":${JSON.stringify(app)}}`
        : `${fragment},${conflict},"user_applied":false,"user_application":null}`;
    };
    // Issue 37: the roster-first shifts offered to this chef come first (the shared list never has them), and
    // the shifts of restaurants kept apart by a block are left out.
    const parts = offered.items.map((job) =>
      splice(
        job.id,
        JSON.stringify(job).slice(0, -1),
        { start_time: job.start_time, end_time: job.end_time },
        job.instant_book === true,
      ),
    );
    let hidden = 0;
    list.fragments.forEach((fragment, i) => {
      if (blocked.has(list.restaurants[i])) hidden++;
      else parts.push(splice(list.ids[i], fragment, list.times[i], list.instant[i]));
    });
    return `{"jobs":[${parts.join(',')}],${tailOf(list.total - hidden + offered.total, place, near)}`;
  }

  /**
   * Issue 37: the roster-first shifts in their window whose restaurant counts this chef among its favorites (no
   * block either way), the chef's own addition to the shared list: GET /jobs/offered-first, and the head of their
   * own open list. Read on every build (only 200s build): it moves with `jobs` (a shift opened), `c:<chef>` (a
   * favorite added or removed, a block) and the next window's end, all in the caller's tag.
   */
  async offeredFirst(chefId: string, q: JobListQuery, now: Date, place: ChefPlace | null) {
    return listOpenJobs(this.database, this.policy, q, now, place, false, chefId);
  }

  /**
   * `offeredFirst` read only when one of the chef's favorite-of restaurants has a window running: the restaurants
   * with a running window are read once per (jobs version, next moment), shared by every chef, so a chef in no
   * window (nearly all of them) costs no list query for it.
   */
  private async offeredFirstIfAny(
    chefId: string,
    favoriteOf: Set<string>,
    q: JobListQuery,
    now: Date,
    place: ChefPlace | null,
    versions: { jobs: number; nextStartMs: number | null },
  ) {
    if (favoriteOf.size === 0) return NONE_OFFERED;
    const key = `${versions.jobs}|${versions.nextStartMs}`;
    if (this.windows?.key !== key) {
      const restaurants = restaurantsInRosterWindow(this.database, now).then((ids) => new Set(ids));
      restaurants.catch(() => (this.windows = undefined));
      this.windows = { key, restaurants };
    }
    const running = await this.windows.restaurants;
    for (const restaurant of favoriteOf)
      if (running.has(restaurant)) return this.offeredFirst(chefId, q, now, place);
    return NONE_OFFERED;
  }

  /**
   * Issue 37: the shared body as a chef with blocks sees it: the audience's list without the shifts of the
   * restaurants kept apart from them. Their own answer (the router neither marks it shared nor names it in a
   * shared tag), so the gateway never hands them the audience's body, nor the audience theirs.
   */
  async sharedBodyFor(
    chefId: string,
    q: JobListQuery,
    now: Date,
    versions: { jobs: number; chef: number; nextStartMs: number | null },
    place: ChefPlace | null,
  ): Promise<string> {
    const { blocked } = await this.chef(chefId, versions.chef, now);
    const near = nearMe(q, place);
    const list = await this.shared(q, now, versions.jobs, versions.nextStartMs, place, near);
    const kept = list.fragments.filter((_, i) => !blocked.has(list.restaurants[i]));
    const total = list.total - (list.fragments.length - kept.length);
    return `{"jobs":[${kept.map((f) => `${f}}`).join(',')}],${tailOf(total, place, near)}`;
  }

  /**
   * The body of GET /jobs?status=open&shared=1: the list as every chef of one place sees it (no user_applied),
   * the same text for every chef of the same (place, radius) and list version, so the gateway may keep it for
   * that audience (`placeKey`) and answer it itself.
   */
  async sharedBody(
    q: JobListQuery,
    now: Date,
    versions: { jobs: number; nextStartMs: number | null },
    place: ChefPlace | null,
  ): Promise<string> {
    const near = nearMe(q, place);
    const list = await this.shared(q, now, versions.jobs, versions.nextStartMs, place, near);
    list.body ??= `{"jobs":[${list.fragments.map((f) => `${f}}`).join(',')}],${tailOf(list.total, place, near)}`;
    return list.body;
  }

  private shared(
    q: JobListQuery,
    now: Date,
    version: number,
    nextStartMs: number | null,
    place: ChefPlace | null,
    near: boolean,
  ) {
    const key = `${version}|${nextStartMs}|${placeKey(place, near)}|${q.emergencyLevel ?? ''}|${q.minRate ?? ''}|${q.maxRate ?? ''}|${
      q.skills?.join('\u0001') ?? ''
    }|${q.startDate ?? ''}|${q.endDate ?? ''}|${q.limit ?? ''}`;
    let entry = this.lists.get(key);
    if (!entry) {
      entry = listOpenJobs(this.database, this.policy, q, now, place, near).then(({ items, total }) => ({
        ids: items.map((j) => j.id),
        restaurants: items.map((j) => j.restaurant_id),
        fragments: items.map((j) => JSON.stringify(j).slice(0, -1)),
        times: items.map((j) => ({ start_time: j.start_time, end_time: j.end_time })),
        instant: items.map((j) => j.instant_book === true),
        total,
      }));
      entry.catch(() => this.lists.delete(key));
      this.lists.set(key, entry);
      if (this.lists.size > MAX_LISTS) this.lists.delete(this.lists.keys().next().value!);
    }
    return entry;
  }

  /** The chef's applications, place and held shifts, as of this `c:<chef>` version. */
  private async chef(chefId: string, version: number, now: Date): Promise<ChefState> {
    const cached = this.chefs.get(chefId);
    if (cached && cached.version === version) return cached;
    const endedAfter = new Date(now.getTime() - this.policy.shiftGapMs);
    const [rows, place, held, ties, missing] = await Promise.all([
      this.database.rows<UserApplication & { job_id: string }>(
        sql`select job_id, id, status, worker_confirmed from jobs.applications where chef_id = ${chefId}`,
        undefined,
        { prepared: true },
      ),
      chefPlace(this.database, chefId),
      heldShiftsOfChef(this.database, chefId, { endedAfter }),
      restaurantTiesOf(this.database, chefId),
      bookNowMissingOf({ database: this.database, policy: this.policy, now: () => now }, chefId),
    ]);
    const apps = new Map(
      rows.map((r) => [r.job_id, { id: r.id, status: r.status, worker_confirmed: r.worker_confirmed }]),
    );
    const state = {
      version,
      apps,
      place,
      booked: held.map((h) => presentBooked(this.policy, h)),
      blocked: new Set(ties.blocked),
      missing,
      favoriteOf: new Set(ties.favoriteOf),
    };
    this.chefs.delete(chefId);
    this.chefs.set(chefId, state);
    if (this.chefs.size > MAX_CHEFS) this.chefs.delete(this.chefs.keys().next().value!);
    return state;
  }
}
