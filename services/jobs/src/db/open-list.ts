import type { Policy } from '@brigade/contracts';
import { sql, type Database } from '@brigade/kit';
import { listOpenJobs, type JobListQuery } from './job-views';

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
 */
interface SharedList {
  ids: string[];
  /** Each job's JSON without its closing brace, ready for the chef's fields. */
  fragments: string[];
  /** How many open shifts match in all (the list is cut at the query's limit). */
  total: number;
  /** The whole shared answer (shared=1), made on first use. */
  body?: string;
}

type UserApplication = { id: string; status: string; worker_confirmed: boolean | null };

const MAX_LISTS = 64;
const MAX_CHEFS = 20_000;

export class OpenListCache {
  private readonly lists = new Map<string, Promise<SharedList>>();
  private readonly chefs = new Map<string, { version: number; apps: Map<string, UserApplication> }>();

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
    const [list, apps] = await Promise.all([
      this.shared(q, now, versions.jobs, versions.nextStartMs),
      this.applications(chefId, versions.chef),
    ]);
    const parts = list.fragments.map((fragment, i) => {
      const app = apps.get(list.ids[i]);
      return app
        ? `${fragment},"user_applied":true,"user_application":${JSON.stringify(app)}}`
        : `${fragment},"user_applied":false,"user_application":null}`;
    });
    return `{"jobs":[${parts.join(',')}],"total":${list.total}}`;
  }

  /**
   * The body of GET /jobs?status=open&shared=1: the list as every chef sees it (no user_applied), the same
   * text for every chef of the same list version, so the gateway may keep it and answer it itself.
   */
  async sharedBody(
    q: JobListQuery,
    now: Date,
    versions: { jobs: number; nextStartMs: number | null },
  ): Promise<string> {
    const list = await this.shared(q, now, versions.jobs, versions.nextStartMs);
    list.body ??= `{"jobs":[${list.fragments.map((f) => `${f}}`).join(',')}],"total":${list.total}}`;
    return list.body;
  }

  private shared(q: JobListQuery, now: Date, version: number, nextStartMs: number | null) {
    const key = `${version}|${nextStartMs}|${q.emergencyLevel ?? ''}|${q.minRate ?? ''}|${q.maxRate ?? ''}|${
      q.skills?.join('\u0001') ?? ''
    }|${q.startDate ?? ''}|${q.endDate ?? ''}|${q.limit ?? ''}`;
    let entry = this.lists.get(key);
    if (!entry) {
      entry = listOpenJobs(this.database, this.policy, q, now).then(({ items, total }) => ({
        ids: items.map((j) => j.id),
        fragments: items.map((j) => JSON.stringify(j).slice(0, -1)),
        total,
      }));
      entry.catch(() => this.lists.delete(key));
      this.lists.set(key, entry);
      if (this.lists.size > MAX_LISTS) this.lists.delete(this.lists.keys().next().value!);
    }
    return entry;
  }

  private async applications(chefId: string, version: number): Promise<Map<string, UserApplication>> {
    const cached = this.chefs.get(chefId);
    if (cached && cached.version === version) return cached.apps;
    const rows = await this.database.rows<UserApplication & { job_id: string }>(
      sql`select job_id, id, status, worker_confirmed from jobs.applications where chef_id = ${chefId}`,
      undefined,
      { prepared: true },
    );
    const apps = new Map(
      rows.map((r) => [r.job_id, { id: r.id, status: r.status, worker_confirmed: r.worker_confirmed }]),
    );
    this.chefs.delete(chefId);
    this.chefs.set(chefId, { version, apps });
    if (this.chefs.size > MAX_CHEFS) this.chefs.delete(this.chefs.keys().next().value!);
    return apps;
  }
}
