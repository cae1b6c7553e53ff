import type { AuthUser, Database } from '@brigade/kit';
import { chefRequired, threadNotFound } from '../domain/errors';
import {
  chefThreadOfJob,
  restaurantThreadsOfJob,
  threadOfApplication,
  type ThreadRow,
} from '../db/threads.repository';

/** A conversation the signed-in user takes part in. */
export interface ThreadRef {
  job_id: string;
  chef_id: string;
  restaurant_id: string;
  application_id: string;
  job_title: string;
  /** Messages so far (the per-thread sequence); with the reader it makes the thread's ETag. */
  last_seq: number;
  /** Changes so far (messages, and translations landed after their message): the ETag moves with it. */
  revision: number;
  user_role: 'chef' | 'restaurant';
  /** The reader's inbox version, read in the same statement: every change to a thread bumps it. */
  inbox_version: number;
}

/** A thread row as the signed-in user's conversation. */
export function threadRef(row: ThreadRow, user: AuthUser): ThreadRef {
  return {
    job_id: row.job_id,
    chef_id: row.chef_id,
    restaurant_id: row.restaurant_id,
    application_id: row.application_id,
    job_title: row.job_title ?? '',
    last_seq: Number(row.last_seq),
    revision: Number(row.revision ?? 0),
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
    const rows = await chefThreadOfJob(database, user, jobId);
    if (!rows[0]) throw threadNotFound();
    return threadRef(rows[0], user);
  }
  const rows = await restaurantThreadsOfJob(database, user, jobId, chefId);
  if (rows.length === 0) throw threadNotFound();
  if (rows.length > 1) throw chefRequired(rows.slice(0, 50).map((r) => r.chef_id));
  return threadRef(rows[0], user);
}

/** The thread of one application, for its chef or the restaurant that owns the job; otherwise not found. */
export async function resolveApplicationThread(
  database: Database,
  user: AuthUser,
  applicationId: string,
): Promise<ThreadRef> {
  const rows = await threadOfApplication(database, user, applicationId);
  if (!rows[0]) throw threadNotFound();
  return threadRef(rows[0], user);
}
