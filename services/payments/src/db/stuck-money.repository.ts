import { sql, type Database } from '@brigade/kit';
import { HELD_PAYMENT_STATUSES } from '@brigade/contracts';
import type { HeldJob, OpenTask } from '../domain/stuck-money';

type Time = Date | string | null;

/** Every job whose money is held, with the moments its rules date from and its movements not yet recorded. */
export async function heldJobs(database: Database): Promise<HeldJob[]> {
  const s = sql.raw(database.schema);
  const rows = await database.rows<{
    job_id: string;
    status: HeldJob['status'];
    total_cents: number;
    end_time: Time;
    held_at: Time;
    cancelled_at: Time;
    expired_at: Time;
    disputed_at: Time;
    decision_kind: string | null;
    decided_at: Time;
    refused_at: Time;
  }>(
    sql`select j.job_id, j.status, j.total_cents, j.end_time, j.held_at, j.cancelled_at, j.expired_at,
          j.disputed_at, d.kind as decision_kind, d.decided_at,
          (select min(a.created_at) from ${s}.anomalies a
            where a.job_id = j.job_id and a.reason = 'decision_mismatch') as refused_at
        from ${s}.job_payments j left join ${s}.decisions d on d.job_id = j.job_id
        where j.status in ${[...HELD_PAYMENT_STATUSES]}
        order by j.job_id`,
  );
  const tasks = await database.rows<OpenTask & { job_id: string }>(
    sql`select t.job_id, t.kind, t.status, t.attempts, t.last_error_kind
        from ${s}.money_tasks t join ${s}.job_payments j on j.job_id = t.job_id
        where t.status <> 'done' and j.status in ${[...HELD_PAYMENT_STATUSES]}
        order by t.id`,
  );
  const date = (t: Time) => (t === null ? null : new Date(t));
  return rows.map((r) => ({
    job_id: r.job_id,
    status: r.status,
    total_cents: Number(r.total_cents),
    end_time: date(r.end_time),
    held_at: date(r.held_at),
    cancelled_at: date(r.cancelled_at),
    expired_at: date(r.expired_at),
    disputed_at: date(r.disputed_at),
    decision: r.decision_kind,
    decided_at: date(r.decided_at),
    refused_at: date(r.refused_at),
    open_tasks: tasks
      .filter((t) => t.job_id === r.job_id)
      .map((t) => ({
        kind: t.kind,
        status: t.status,
        attempts: Number(t.attempts),
        last_error_kind: t.last_error_kind,
      })),
  }));
}
