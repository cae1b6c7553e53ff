import { randomUUID } from 'node:crypto';
import { sql, type Executor } from '@brigade/kit';
import { iso, type Ctx } from '../context';
import { JOB_REMINDER_LEAD_MS, MESSAGE_NUDGE_DELAY_MS, RATING_REMINDER_DELAY_MS } from '../domain/rules';

// Reminders are durable rows with a due time; the scheduler turns due ones into texts (process-due-reminders).
// Here: creating them, moving them when a job's times change, dropping them when they no longer apply.

const ms = (n: number) => sql`(${n}::bigint * interval '1 millisecond')`;

interface ReminderRow {
  kind: 'job_reminder' | 'rating_reminder' | 'new_message';
  key: string;
  recipientId: string;
  otherId: string | null;
  jobId: string;
  applicationId?: string | null;
  chefId: string;
  messageAt?: string | null;
  dueAt: string;
}

async function insertReminder(ctx: Ctx, tx: Executor, r: ReminderRow): Promise<boolean> {
  const rows = await ctx.database.rows(
    sql`insert into notifications.reminders (id, kind, reminder_key, recipient_id, other_id, job_id, application_id, chef_id, message_at, due_at, created_at)
        values (${randomUUID()}, ${r.kind}, ${r.key}, ${r.recipientId}, ${r.otherId}, ${r.jobId}, ${r.applicationId ?? null}, ${r.chefId},
          ${r.messageAt ? iso(r.messageAt) : null}::timestamptz, ${iso(r.dueAt)}::timestamptz, ${iso(ctx.now())}::timestamptz)
        on conflict do nothing
        returning id`,
    tx,
  );
  return rows.length > 0;
}

/**
 * A chef confirmed: the shift will happen. Both sides get a job reminder 1 hour before the start and a rating
 * reminder after the end (dropped for a side once it checks out).
 */
export async function scheduleShiftReminders(
  ctx: Ctx,
  tx: Executor,
  a: {
    application_id: string;
    job_id: string;
    chef_id: string;
    restaurant_id: string;
    start_time: string;
    end_time: string;
  },
) {
  const jobDue = new Date(new Date(a.start_time).getTime() - JOB_REMINDER_LEAD_MS).toISOString();
  const ratingDue = new Date(new Date(a.end_time).getTime() + RATING_REMINDER_DELAY_MS).toISOString();
  const sides = [
    { recipientId: a.chef_id, otherId: a.restaurant_id },
    { recipientId: a.restaurant_id, otherId: a.chef_id },
  ];
  for (const side of sides) {
    const common = { ...side, jobId: a.job_id, applicationId: a.application_id, chefId: a.chef_id };
    await insertReminder(ctx, tx, {
      ...common,
      kind: 'job_reminder',
      key: `job_reminder:${a.application_id}:${side.recipientId}`,
      dueAt: jobDue,
    });
    await insertReminder(ctx, tx, {
      ...common,
      kind: 'rating_reminder',
      key: `rating_reminder:${a.application_id}:${side.recipientId}`,
      dueAt: ratingDue,
    });
  }
}

/** A job's times changed: pending reminders follow the job (1 h before the new start, after the new end). */
export async function rescheduleJobReminders(ctx: Ctx, tx: Executor, jobId: string) {
  await ctx.database.rows(
    sql`update notifications.reminders r set due_at = case r.kind
          when 'job_reminder' then j.start_time - ${ms(JOB_REMINDER_LEAD_MS)}
          else j.end_time + ${ms(RATING_REMINDER_DELAY_MS)} end
        from notifications.jobs j
        where j.job_id = r.job_id and r.job_id = ${jobId} and r.status = 'pending' and r.kind in ('job_reminder', 'rating_reminder')`,
    tx,
  );
}

export async function dropReminders(
  ctx: Ctx,
  tx: Executor,
  where: { jobId?: string; applicationId?: string; recipientId?: string; kind?: ReminderRow['kind'] },
  reason: string,
): Promise<number> {
  const conditions = [sql`status = 'pending'`];
  if (where.jobId) conditions.push(sql`job_id = ${where.jobId}`);
  if (where.applicationId) conditions.push(sql`application_id = ${where.applicationId}`);
  if (where.recipientId) conditions.push(sql`recipient_id = ${where.recipientId}`);
  if (where.kind) conditions.push(sql`kind = ${where.kind}`);
  const rows = await ctx.database.rows(
    sql`update notifications.reminders set status = 'dropped', drop_reason = ${reason}, processed_at = ${iso(ctx.now())}::timestamptz
        where ${sql.join(conditions, sql` and `)} returning id`,
    tx,
  );
  return rows.length;
}

/**
 * A message reached someone: remember it, and plan a text 10 minutes after it unless they open the thread
 * first. The earliest unread message keeps its due time (one pending text per thread and reader).
 */
export async function recordMessageForReader(
  ctx: Ctx,
  tx: Executor,
  m: {
    message_id: string;
    job_id: string;
    chef_id: string;
    recipient_id: string;
    sender_id: string;
    sent_at: string;
  },
) {
  await ctx.database.rows(
    sql`insert into notifications.threads (job_id, chef_id, participant_id, last_message_at)
        values (${m.job_id}, ${m.chef_id}, ${m.recipient_id}, ${iso(m.sent_at)}::timestamptz)
        on conflict (job_id, chef_id, participant_id) do update
          set last_message_at = greatest(notifications.threads.last_message_at, excluded.last_message_at)`,
    tx,
  );
  const read = await ctx.database.rows<{ last_read_at: Date | null }>(
    sql`select last_read_at from notifications.threads where job_id = ${m.job_id} and chef_id = ${m.chef_id} and participant_id = ${m.recipient_id}`,
    tx,
  );
  const lastRead = read[0]?.last_read_at ? new Date(read[0].last_read_at).getTime() : null;
  if (lastRead !== null && lastRead >= new Date(m.sent_at).getTime()) return; // already seen (events arrived late)
  await insertReminder(ctx, tx, {
    kind: 'new_message',
    key: `new_message:${m.message_id}:${m.recipient_id}`,
    recipientId: m.recipient_id,
    otherId: m.sender_id,
    jobId: m.job_id,
    chefId: m.chef_id,
    messageAt: m.sent_at,
    dueAt: new Date(new Date(m.sent_at).getTime() + MESSAGE_NUDGE_DELAY_MS).toISOString(),
  });
}

/**
 * Someone opened a thread: texts about messages they have now seen are dropped. A message that arrived after
 * the read (events can cross) gets its own text planned.
 */
export async function recordThreadRead(
  ctx: Ctx,
  tx: Executor,
  r: { job_id: string; chef_id: string; reader_id: string; read_at: string },
) {
  const rows = await ctx.database.rows<{ last_message_at: Date | null; last_read_at: Date }>(
    sql`insert into notifications.threads (job_id, chef_id, participant_id, last_read_at)
        values (${r.job_id}, ${r.chef_id}, ${r.reader_id}, ${iso(r.read_at)}::timestamptz)
        on conflict (job_id, chef_id, participant_id) do update
          set last_read_at = greatest(notifications.threads.last_read_at, excluded.last_read_at)
        returning last_message_at, last_read_at`,
    tx,
  );
  const dropped = await ctx.database.rows<{ other_id: string | null }>(
    sql`update notifications.reminders set status = 'dropped', drop_reason = 'read', processed_at = ${iso(ctx.now())}::timestamptz
        where status = 'pending' and kind = 'new_message' and job_id = ${r.job_id} and chef_id = ${r.chef_id}
          and recipient_id = ${r.reader_id} and message_at <= ${iso(r.read_at)}::timestamptz
        returning other_id`,
    tx,
  );
  const lastMessage = rows[0]?.last_message_at ? new Date(rows[0].last_message_at) : null;
  const lastRead = new Date(rows[0].last_read_at);
  if (dropped.length > 0 && lastMessage && lastMessage > lastRead) {
    await insertReminder(ctx, tx, {
      kind: 'new_message',
      key: `new_message:after-read:${r.job_id}:${r.chef_id}:${r.reader_id}:${lastMessage.toISOString()}`,
      recipientId: r.reader_id,
      otherId: dropped[0].other_id,
      jobId: r.job_id,
      chefId: r.chef_id,
      messageAt: lastMessage.toISOString(),
      dueAt: new Date(lastMessage.getTime() + MESSAGE_NUDGE_DELAY_MS).toISOString(),
    });
  }
}
