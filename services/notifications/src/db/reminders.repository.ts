import { randomUUID } from 'node:crypto';
import { sql, type Database, type Executor } from '@brigade/kit';
import { iso } from '../context';

// The SQL of `notifications.reminders` and `notifications.threads`: durable reminders with a due time, claimed by
// the scheduler with FOR UPDATE SKIP LOCKED, and what notifications knows of each message thread.

export type ReminderKind = 'job_reminder' | 'rating_reminder' | 'new_message' | 'checkout_deadline';

const ms = (n: number) => sql`(${n}::bigint * interval '1 millisecond')`;

export interface NewReminder {
  kind: ReminderKind;
  key: string;
  recipientId: string;
  otherId: string | null;
  jobId: string;
  applicationId?: string | null;
  chefId: string;
  messageAt?: string | null;
  /** checkout_deadline: how long before the deadline it falls due */
  leadMs?: number | null;
  dueAt: string;
}

/** A reminder, once per key (a replayed event plans nothing twice). False when it already existed. */
export async function insertReminder(database: Database, tx: Executor, r: NewReminder, now: Date) {
  const rows = await database.rows(
    sql`insert into notifications.reminders (id, kind, reminder_key, recipient_id, other_id, job_id, application_id, chef_id, message_at, lead_ms, due_at, created_at)
        values (${randomUUID()}, ${r.kind}, ${r.key}, ${r.recipientId}, ${r.otherId}, ${r.jobId}, ${r.applicationId ?? null}, ${r.chefId},
          ${r.messageAt ? iso(r.messageAt) : null}::timestamptz, ${r.leadMs ?? null}::bigint, ${iso(r.dueAt)}::timestamptz, ${iso(now)}::timestamptz)
        on conflict do nothing
        returning id`,
    tx,
  );
  return rows.length > 0;
}

/**
 * A job's times changed: its pending reminders follow the job (job reminder before the new start, rating
 * reminder after the new end, checkout-deadline reminders their lead before the new deadline).
 */
export async function moveJobReminders(
  database: Database,
  tx: Executor,
  jobId: string,
  leads: { jobReminderMs: number; ratingReminderMs: number; checkoutDeadlineMs: number },
) {
  await database.rows(
    sql`update notifications.reminders r set due_at = case r.kind
          when 'job_reminder' then j.start_time - ${ms(leads.jobReminderMs)}
          when 'checkout_deadline' then j.end_time + ${ms(leads.checkoutDeadlineMs)} - (r.lead_ms * interval '1 millisecond')
          else j.end_time + ${ms(leads.ratingReminderMs)} end
        from notifications.jobs j
        where j.job_id = r.job_id and r.job_id = ${jobId} and r.status = 'pending'
          and r.kind in ('job_reminder', 'rating_reminder', 'checkout_deadline')`,
    tx,
    { prepared: true },
  );
}

export interface ReminderFilter {
  jobId?: string;
  applicationId?: string;
  recipientId?: string;
  /** the chef a reminder is about (both sides' reminders of one booking) */
  chefId?: string;
  kinds?: ReminderKind[];
}

/** Pending reminders that no longer apply are dropped, with the reason. Returns how many. */
export async function dropPendingReminders(
  database: Database,
  tx: Executor,
  where: ReminderFilter,
  reason: string,
  now: Date,
): Promise<number> {
  const conditions = [sql`status = 'pending'`];
  if (where.jobId) conditions.push(sql`job_id = ${where.jobId}`);
  if (where.applicationId) conditions.push(sql`application_id = ${where.applicationId}`);
  if (where.recipientId) conditions.push(sql`recipient_id = ${where.recipientId}`);
  if (where.chefId) conditions.push(sql`chef_id = ${where.chefId}`);
  if (where.kinds?.length)
    conditions.push(
      sql`kind in (${sql.join(
        where.kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  const rows = await database.rows(
    sql`update notifications.reminders set status = 'dropped', drop_reason = ${reason}, processed_at = ${iso(now)}::timestamptz
        where ${sql.join(conditions, sql` and `)} returning id`,
    tx,
  );
  return rows.length;
}

/** A due reminder with what deciding about it needs (the job, the application, the thread). */
export interface DueReminder {
  id: string;
  kind: ReminderKind;
  recipient_id: string;
  other_id: string | null;
  job_id: string;
  application_id: string | null;
  chef_id: string | null;
  message_at: Date | null;
  // joined
  title: string | null;
  start_time: Date | null;
  end_time: Date | null;
  restaurant_id: string | null;
  cancelled: boolean | null;
  expired: boolean | null;
  app_status: string | null;
  chef_checked_out: boolean | null;
  restaurant_checked_out: boolean | null;
  checkout_outcome: string | null;
  last_read_at: Date | null;
}

/**
 * Claim reminders due by `now`, oldest first, locked until the caller's transaction ends (FOR UPDATE SKIP
 * LOCKED: another instance skips them, so each is handled by one instance).
 */
export async function claimDueReminders(database: Database, tx: Executor, now: Date, limit: number) {
  return database.rows<DueReminder>(
    sql`select r.id, r.kind, r.recipient_id, r.other_id, r.job_id, r.application_id, r.chef_id, r.message_at,
          j.title, j.start_time, j.end_time, j.restaurant_id, j.cancelled, j.expired,
          a.status as app_status, a.chef_checked_out, a.restaurant_checked_out, a.checkout_outcome,
          t.last_read_at
        from notifications.reminders r
        left join notifications.jobs j on j.job_id = r.job_id
        left join notifications.applications a on a.application_id = r.application_id
        left join notifications.threads t on t.job_id = r.job_id and t.chef_id = r.chef_id and t.participant_id = r.recipient_id
        where r.status = 'pending' and r.due_at <= ${iso(now)}::timestamptz
        order by r.due_at
        limit ${limit}
        for update of r skip locked`,
    tx,
    // the scheduler's every tick, mostly finding nothing: planning it cost 0.3 ms, running it far less
    { prepared: true },
  );
}

export async function finishReminder(
  database: Database,
  tx: Executor,
  id: string,
  status: 'done' | 'dropped',
  reason: string | null,
  now: Date,
) {
  await database.rows(
    sql`update notifications.reminders set status = ${status}, drop_reason = ${reason}, processed_at = ${iso(now)}::timestamptz where id = ${id}`,
    tx,
  );
}

/**
 * At most one new-message text per thread and reader per `intervalMs`: claim the slot atomically (two
 * instances race here). False when a text went out within the interval.
 */
export async function claimMessageTextSlot(
  database: Database,
  tx: Executor,
  t: { jobId: string; chefId: string; readerId: string },
  now: Date,
  intervalMs: number,
) {
  const slot = await database.rows(
    sql`insert into notifications.threads (job_id, chef_id, participant_id, last_texted_at)
        values (${t.jobId}, ${t.chefId}, ${t.readerId}, ${iso(now)}::timestamptz)
        on conflict (job_id, chef_id, participant_id) do update set last_texted_at = excluded.last_texted_at
        where notifications.threads.last_texted_at is null
           or notifications.threads.last_texted_at <= ${iso(new Date(now.getTime() - intervalMs))}::timestamptz
        returning 1`,
    tx,
  );
  return slot.length > 0;
}

/** A message reached a reader: the thread's latest message time; returns when the reader last opened it. */
export async function recordThreadMessage(
  database: Database,
  tx: Executor,
  m: { jobId: string; chefId: string; readerId: string; sentAt: string },
): Promise<Date | null> {
  const rows = await database.rows<{ last_read_at: Date | null }>(
    sql`insert into notifications.threads (job_id, chef_id, participant_id, last_message_at)
        values (${m.jobId}, ${m.chefId}, ${m.readerId}, ${iso(m.sentAt)}::timestamptz)
        on conflict (job_id, chef_id, participant_id) do update
          set last_message_at = greatest(notifications.threads.last_message_at, excluded.last_message_at)
        returning last_read_at`,
    tx,
  );
  return rows[0]?.last_read_at ? new Date(rows[0].last_read_at) : null;
}

/** A reader opened a thread: the read marker only moves forward. Returns the thread's last message and read. */
export async function recordThreadOpened(
  database: Database,
  tx: Executor,
  r: { jobId: string; chefId: string; readerId: string; readAt: string },
) {
  const rows = await database.rows<{ last_message_at: Date | null; last_read_at: Date }>(
    sql`insert into notifications.threads (job_id, chef_id, participant_id, last_read_at)
        values (${r.jobId}, ${r.chefId}, ${r.readerId}, ${iso(r.readAt)}::timestamptz)
        on conflict (job_id, chef_id, participant_id) do update
          set last_read_at = greatest(notifications.threads.last_read_at, excluded.last_read_at)
        returning last_message_at, last_read_at`,
    tx,
  );
  return {
    lastMessageAt: rows[0]?.last_message_at ? new Date(rows[0].last_message_at) : null,
    lastReadAt: new Date(rows[0].last_read_at),
  };
}

/** Pending new-message texts about messages the reader has now seen are dropped; returns their senders. */
export async function dropSeenMessageReminders(
  database: Database,
  tx: Executor,
  r: { jobId: string; chefId: string; readerId: string; readAt: string },
  now: Date,
) {
  return database.rows<{ other_id: string | null }>(
    sql`update notifications.reminders set status = 'dropped', drop_reason = 'read', processed_at = ${iso(now)}::timestamptz
        where status = 'pending' and kind = 'new_message' and job_id = ${r.jobId} and chef_id = ${r.chefId}
          and recipient_id = ${r.readerId} and message_at <= ${iso(r.readAt)}::timestamptz
        returning other_id`,
    tx,
  );
}
