import { sql, type Database, type Executor } from '@brigade/kit';
import { movementKey } from '../domain/idempotency-keys';

export interface MoneyTaskRow {
  id: string;
  job_id: string;
  /** the seat the movement is for (issue 35): 1 for every job before seats */
  seat_no: number;
  /** a transfer or refund of the escrow; a timesheet's extra: its off-session charge, then its transfer */
  kind: 'transfer' | 'refund' | 'charge';
  /** the escrow's movements, a timesheet's extra (ADR 0028), or an edit's (issue 35: `edit:{editId}`) */
  part: 'escrow' | 'extra' | 'tip' | `edit:${string}`;
  reason: string;
  amount_cents: number;
  /** Kept by the platform with this movement (a transfer's 7%); 0 for a refund. */
  fee_cents: number;
  destination_user_id: string | null;
  status: 'pending' | 'done' | 'blocked';
  /**
   * A refund of a job with several charges (issue 35: the escrow's and edit charges), split so that no
   * PaymentIntent is asked for more than it has left; null: the whole refund from the escrow PaymentIntent.
   */
  splits?: RefundSplit[] | null;
}

/** One part of a split refund: from this PaymentIntent, this much, with its own idempotency key. */
export interface RefundSplit {
  payment_intent_id: string;
  amount_cents: number;
  idempotency_key: string;
  /** the part of the charge it is taken from ('escrow', or the edit's) */
  charge_part: string;
}

const numbers = <T extends { amount_cents: number; fee_cents: number; seat_no: number }>(row: T): T => ({
  ...row,
  seat_no: Number(row.seat_no),
  amount_cents: Number(row.amount_cents),
  fee_cents: Number(row.fee_cents),
});

/** The money task payments issued for a seat of a job (one per seat, kind and part), or null. */
export async function findTask(
  database: Database,
  tx: Executor,
  jobId: string,
  kind: MoneyTaskRow['kind'],
  part: MoneyTaskRow['part'] = 'escrow',
  seatNo = 1,
): Promise<MoneyTaskRow | null> {
  const [row] = await database.rows<MoneyTaskRow>(
    sql`select id, job_id, seat_no, kind, part, reason, amount_cents, fee_cents, destination_user_id, status, splits
        from ${sql.raw(database.schema)}.money_tasks
        where job_id = ${jobId} and seat_no = ${seatNo} and kind = ${kind} and part = ${part}`,
    tx,
  );
  return row ? numbers(row) : null;
}

/**
 * Issue a movement (in the decision's transaction). The idempotency key is derived from the job, the seat and the
 * kind (`seatKey`: seat 1 keeps `job:{id}:transfer`, `job:{id}:refund`, a timesheet's extra
 * `job:{id}:transfer:extra`; seats 2+ `job:{id}:seat:{n}:...`; an extra's charge the key the caller gives, one per
 * timesheet), so every retry asks the provider for the same object.
 */
export async function insertTask(
  database: Database,
  tx: Executor,
  task: Omit<MoneyTaskRow, 'id' | 'status' | 'part' | 'seat_no'> & {
    seat_no?: number;
    part?: MoneyTaskRow['part'];
    idempotency_key?: string;
  },
): Promise<boolean> {
  const part = task.part ?? 'escrow';
  const seatNo = task.seat_no ?? 1;
  const key = task.idempotency_key ?? movementKey(task.job_id, seatNo, task.kind, part);
  const splits = task.splits ? JSON.stringify(task.splits) : null;
  const rows = await database.rows(
    sql`insert into ${sql.raw(database.schema)}.money_tasks (job_id, seat_no, kind, part, reason, amount_cents, fee_cents, destination_user_id, idempotency_key, splits)
        values (${task.job_id}, ${seatNo}, ${task.kind}, ${part}, ${task.reason}, ${task.amount_cents}, ${task.fee_cents},
                ${task.destination_user_id}, ${key}, ${splits}::jsonb)
        on conflict do nothing returning id`,
    tx,
  );
  return rows.length > 0;
}

/** The task is in the ledger. */
export async function closeTask(database: Database, tx: Executor, taskId: string) {
  await tx.execute(
    sql`update ${sql.raw(database.schema)}.money_tasks set status = 'done', done_at = coalesce(done_at, now()) where id = ${taskId}`,
  );
}

/** How many of the seat's escrow movements are not in the ledger yet (pending or blocked). */
export async function openTaskCount(
  database: Database,
  tx: Executor,
  jobId: string,
  seatNo: number,
): Promise<number> {
  const [row] = await database.rows<{ n: number }>(
    sql`select count(*)::int as n from ${sql.raw(database.schema)}.money_tasks
        where job_id = ${jobId} and seat_no = ${seatNo} and part = 'escrow' and status <> 'done'`,
    tx,
  );
  return Number(row?.n ?? 0);
}

/** A job's movements as the payment screens show them. */
export interface TaskProgress {
  kind: MoneyTaskRow['kind'];
  status: MoneyTaskRow['status'];
  attempts: number;
  last_error_kind: 'provider' | 'payout_account' | 'other' | null;
  last_attempt_at: Date | string | null;
  next_attempt_at: Date | string;
}

export async function tasksOfJob(
  database: Database,
  jobId: string,
  seatNo: number | null = null,
): Promise<TaskProgress[]> {
  return database.rows<TaskProgress>(
    sql`select kind, status, attempts, last_error_kind, last_attempt_at, next_attempt_at
        from ${sql.raw(database.schema)}.money_tasks where job_id = ${jobId} and part = 'escrow' and kind <> 'charge'
          and (${seatNo}::int is null or seat_no = ${seatNo}::int)
        order by kind desc, seat_no`,
  );
}

/** A leased task as the runner works it. */
export interface LeasedTask extends Omit<MoneyTaskRow, 'status'> {
  idempotency_key: string;
  attempts: number;
}

/**
 * Lease up to `limit` due tasks for `leaseMs` (another instance skips them until the lease ends; a task whose
 * process died mid-call runs again after it).
 */
export async function leaseDueTasks(
  database: Database,
  limit: number,
  leaseMs: number,
): Promise<LeasedTask[]> {
  const s = sql.raw(database.schema);
  return database.rows<LeasedTask>(
    sql`update ${s}.money_tasks set next_attempt_at = now() + (${leaseMs} * interval '1 millisecond')
        where id in (select id from ${s}.money_tasks where status = 'pending' and next_attempt_at <= now()
                     order by id limit ${limit} for update skip locked)
        returning id, job_id, seat_no, kind, part, reason, amount_cents, fee_cents, destination_user_id, idempotency_key, attempts, splits`,
    undefined,
    { prepared: true }, // asked four times a second by an idle runner: planned once per connection
  );
}

/** A failed attempt: why, and when the task is due again (a task no longer pending is left alone). */
export async function recordTaskFailure(
  database: Database,
  taskId: string,
  f: {
    attempt: number;
    message: string;
    kind: 'provider' | 'payout_account' | 'other';
    delayMs: number | undefined;
  },
) {
  await database.db.execute(
    sql`update ${sql.raw(database.schema)}.money_tasks set attempts = ${f.attempt}, last_error = ${f.message},
        last_error_kind = ${f.kind}, last_attempt_at = now(),
        next_attempt_at = now() + (${f.delayMs} * interval '1 millisecond') where id = ${taskId} and status = 'pending'`,
  );
}

/** The provider's answer is recorded: the task is done, or blocked when the answer did not match it. */
export async function finishTask(database: Database, taskId: string, blocked: boolean) {
  await database.db.execute(
    sql`update ${sql.raw(database.schema)}.money_tasks
        set status = ${blocked ? 'blocked' : 'done'}, done_at = coalesce(done_at, now()), attempts = attempts + 1,
            last_error = ${blocked ? 'the provider answer does not match the task (see anomalies)' : null}
        where id = ${taskId}`,
  );
}

/** The chef's payout account is ready: every pending transfer to them is due now. */
export async function wakeTasksOf(database: Database, tx: Executor, userId: string) {
  await tx.execute(
    sql`update ${sql.raw(database.schema)}.money_tasks set next_attempt_at = now() where destination_user_id = ${userId} and status = 'pending'`,
  );
}
