import { sql, type AuthUser, type Database } from '@brigade/kit';
import { chefRequired, threadNotFound } from '../domain/errors';

/** A conversation the signed-in user takes part in. */
export interface ThreadRef {
  job_id: string;
  chef_id: string;
  restaurant_id: string;
  application_id: string;
  job_title: string;
  /** Messages so far (the per-thread sequence); with the reader it makes the thread's ETag. */
  last_seq: number;
  user_role: 'chef' | 'restaurant';
  /** The reader's inbox version, read in the same statement: every change to a thread bumps it. */
  inbox_version: number;
}

interface ThreadRow {
  job_id: string;
  chef_id: string;
  restaurant_id: string;
  application_id: string;
  job_title: string | null;
  last_seq: number;
  inbox_version: string | number | null;
}

const threadColumns = (user: AuthUser) =>
  sql`t.job_id, t.chef_id, t.restaurant_id, t.application_id, j.title as job_title, t.last_seq,
      (select i.version from messaging.inboxes i where i.user_id = ${user.id}) as inbox_version`;

function toRef(row: ThreadRow, user: AuthUser): ThreadRef {
  return {
    job_id: row.job_id,
    chef_id: row.chef_id,
    restaurant_id: row.restaurant_id,
    application_id: row.application_id,
    job_title: row.job_title ?? '',
    last_seq: Number(row.last_seq),
    user_role: user.id === row.chef_id ? 'chef' : 'restaurant',
    inbox_version: Number(row.inbox_version ?? 0),
  };
}

/**
 * The thread of a job for the signed-in user. A chef gets their own thread with the job's restaurant (they
 * must have applied). The restaurant that owns the job names the applicant with `chefId`, which may be left
 * out when the job has exactly one applicant. Anything else is "not found".
 */
export async function resolveJobThread(
  database: Database,
  user: AuthUser,
  jobId: string,
  chefId?: string,
): Promise<ThreadRef> {
  if (user.type === 'chef') {
    const rows = await database.rows<ThreadRow>(
      sql`select ${threadColumns(user)} from messaging.threads t left join messaging.jobs j on j.job_id = t.job_id
          where t.job_id = ${jobId} and t.chef_id = ${user.id}`,
      undefined,
      { prepared: true },
    );
    if (!rows[0]) throw threadNotFound();
    return toRef(rows[0], user);
  }
  const rows = await database.rows<ThreadRow>(
    sql`select ${threadColumns(user)} from messaging.threads t left join messaging.jobs j on j.job_id = t.job_id
        where t.job_id = ${jobId} and t.restaurant_id = ${user.id} ${chefId ? sql`and t.chef_id = ${chefId}` : sql``}
        order by t.created_at, t.chef_id limit 51`,
    undefined,
    { prepared: true },
  );
  if (rows.length === 0) throw threadNotFound();
  if (rows.length > 1) throw chefRequired(rows.slice(0, 50).map((r) => r.chef_id));
  return toRef(rows[0], user);
}

/** The thread of one application, for its chef or the restaurant that owns the job; otherwise not found. */
export async function resolveApplicationThread(
  database: Database,
  user: AuthUser,
  applicationId: string,
): Promise<ThreadRef> {
  const rows = await database.rows<ThreadRow>(
    sql`select ${threadColumns(user)}
        from messaging.applications a
        join messaging.threads t on t.job_id = a.job_id and t.chef_id = a.chef_id
        left join messaging.jobs j on j.job_id = t.job_id
        where a.application_id = ${applicationId}
          and ${user.type === 'chef' ? sql`t.chef_id = ${user.id}` : sql`t.restaurant_id = ${user.id}`}`,
  );
  if (!rows[0]) throw threadNotFound();
  return toRef(rows[0], user);
}
