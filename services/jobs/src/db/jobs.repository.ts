import { sql, type Executor } from '@brigade/kit';
import type { Database } from '@brigade/kit';
import { normaliseJob, type JobRow } from './rows';

export interface NewJob {
  id: string;
  restaurant_id: string;
  title: string;
  description: string | null;
  start_time: Date;
  end_time: Date;
  hourly_rate_cents: number;
  subtotal_cents: number;
  fee_cents: number;
  total_cents: number;
  emergency_level: 'normal' | 'urgent';
  required_skills: string[];
  notify_favorites: string[];
}

export async function insertJob(database: Database, tx: Executor, job: NewJob): Promise<void> {
  await tx.execute(sql`
    insert into jobs.jobs (id, restaurant_id, title, description, start_time, end_time, hourly_rate_cents, subtotal_cents,
      fee_cents, total_cents, emergency_level, required_skills, notify_favorites, status, payment_status)
    values (${job.id}, ${job.restaurant_id}, ${job.title}, ${job.description}, ${job.start_time.toISOString()}::timestamptz,
      ${job.end_time.toISOString()}::timestamptz, ${job.hourly_rate_cents}, ${job.subtotal_cents}, ${job.fee_cents},
      ${job.total_cents}, ${job.emergency_level}, ${JSON.stringify(job.required_skills)}::jsonb,
      ${JSON.stringify(job.notify_favorites)}::jsonb, 'pending_payment', 'pending')`);
}

/** The job row, locked until the transaction ends: every write to a job or its applications starts here. */
export async function lockJob(database: Database, tx: Executor, id: string): Promise<JobRow | null> {
  const rows = await database.rows(sql`select * from jobs.jobs where id = ${id} for update`, tx);
  return rows[0] ? normaliseJob(rows[0]) : null;
}

export async function findJob(database: Database, id: string, executor?: Executor): Promise<JobRow | null> {
  const rows = await database.rows(sql`select * from jobs.jobs where id = ${id}`, executor);
  return rows[0] ? normaliseJob(rows[0]) : null;
}

type JobPatch = Partial<
  Pick<
    JobRow,
    | 'status'
    | 'payment_status'
    | 'restaurant_checkout_completed'
    | 'chef_checkout_completed'
    | 'restaurant_work_completed'
    | 'chef_work_completed'
    | 'chef_rating'
    | 'restaurant_rating'
    | 'restaurant_feedback'
    | 'chef_feedback'
  >
>;

export async function updateJob(tx: Executor, id: string, patch: JobPatch): Promise<void> {
  const sets = Object.entries(patch).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`);
  if (sets.length === 0) return;
  await tx.execute(sql`update jobs.jobs set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`);
}
