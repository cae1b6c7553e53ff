import { sql, type Executor } from '@brigade/kit';
import { iso, type Ctx } from '../context';
import { MESSAGE_TEXT_INTERVAL_MS, type TemplateName } from '../domain/rules';
import { queueSms } from './queue-sms';

interface DueReminder {
  id: string;
  kind: 'job_reminder' | 'rating_reminder' | 'new_message';
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
  app_status: string | null;
  chef_checked_out: boolean | null;
  restaurant_checked_out: boolean | null;
  last_read_at: Date | null;
}

type Outcome = { queue: { template: TemplateName; vars: Record<string, unknown> } } | { drop: string };

/**
 * Turn due reminders into texts. Each batch is claimed with FOR UPDATE SKIP LOCKED and finished in the same
 * transaction (the text is queued and the reminder marked done together), so with several scheduler
 * instances every reminder is handled by exactly one of them, once. Returns how many were handled.
 */
export async function processDueReminders(ctx: Ctx, batchSize = 50): Promise<number> {
  const now = ctx.now();
  return ctx.database.transaction(async (tx) => {
    const due = await ctx.database.rows<DueReminder>(
      sql`select r.id, r.kind, r.recipient_id, r.other_id, r.job_id, r.application_id, r.chef_id, r.message_at,
            j.title, j.start_time, j.end_time, j.restaurant_id, j.cancelled,
            a.status as app_status, a.chef_checked_out, a.restaurant_checked_out,
            t.last_read_at
          from notifications.reminders r
          left join notifications.jobs j on j.job_id = r.job_id
          left join notifications.applications a on a.application_id = r.application_id
          left join notifications.threads t on t.job_id = r.job_id and t.chef_id = r.chef_id and t.participant_id = r.recipient_id
          where r.status = 'pending' and r.due_at <= ${iso(now)}::timestamptz
          order by r.due_at
          limit ${batchSize}
          for update of r skip locked`,
      tx,
    );
    for (const r of due) {
      const outcome = await decide(ctx, tx, r, now);
      if ('drop' in outcome) {
        await finish(ctx, tx, r.id, 'dropped', outcome.drop, now);
        continue;
      }
      await queueSms(ctx, tx, {
        recipientId: r.recipient_id,
        template: outcome.queue.template,
        vars: outcome.queue.vars,
        dedupeKey: `reminder:${r.id}`,
      });
      await finish(ctx, tx, r.id, 'done', null, now);
    }
    return due.length;
  });
}

async function decide(ctx: Ctx, tx: Executor, r: DueReminder, now: Date): Promise<Outcome> {
  if (r.cancelled) return { drop: 'job_cancelled' };
  const isChef = r.recipient_id === r.chef_id;
  const vars = {
    job_id: r.job_id,
    application_id: r.application_id,
    job_title: r.title ?? undefined,
    start_time: r.start_time ? iso(r.start_time) : undefined,
    chef_id: r.chef_id,
    restaurant_id: r.restaurant_id ?? (isChef ? r.other_id : r.recipient_id),
  };
  switch (r.kind) {
    case 'job_reminder': {
      if (r.app_status !== 'confirmed') return { drop: `application_${r.app_status ?? 'unknown'}` };
      if (!r.start_time || now.getTime() >= new Date(r.start_time).getTime())
        return { drop: 'shift_started' };
      return { queue: { template: isChef ? 'job_reminder_chef' : 'job_reminder_restaurant', vars } };
    }
    case 'rating_reminder': {
      if (r.app_status !== 'confirmed') return { drop: `application_${r.app_status ?? 'unknown'}` };
      if (isChef ? r.chef_checked_out : r.restaurant_checked_out) return { drop: 'checked_out' };
      return { queue: { template: isChef ? 'rating_reminder_chef' : 'rating_reminder_restaurant', vars } };
    }
    case 'new_message': {
      if (r.last_read_at && r.message_at && new Date(r.last_read_at) >= new Date(r.message_at))
        return { drop: 'read' };
      // At most one text per thread and reader an hour: claim the slot atomically (two instances race here).
      const slot = await ctx.database.rows(
        sql`insert into notifications.threads (job_id, chef_id, participant_id, last_texted_at)
            values (${r.job_id}, ${r.chef_id}, ${r.recipient_id}, ${iso(now)}::timestamptz)
            on conflict (job_id, chef_id, participant_id) do update set last_texted_at = excluded.last_texted_at
            where notifications.threads.last_texted_at is null
               or notifications.threads.last_texted_at <= ${iso(new Date(now.getTime() - MESSAGE_TEXT_INTERVAL_MS))}::timestamptz
            returning 1`,
        tx,
      );
      if (slot.length === 0) return { drop: 'texted_within_hour' };
      return {
        queue: {
          template: 'new_message',
          vars: { ...vars, application_id: undefined, sender_id: r.other_id },
        },
      };
    }
  }
}

async function finish(
  ctx: Ctx,
  tx: Executor,
  id: string,
  status: 'done' | 'dropped',
  reason: string | null,
  now: Date,
) {
  await ctx.database.rows(
    sql`update notifications.reminders set status = ${status}, drop_reason = ${reason}, processed_at = ${iso(now)}::timestamptz where id = ${id}`,
    tx,
  );
}
