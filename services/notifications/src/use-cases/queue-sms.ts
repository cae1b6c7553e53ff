import { randomUUID } from 'node:crypto';
import { sql, type Executor } from '@brigade/kit';
import { iso, type Ctx } from '../context';
import { preferencesFor, PRIORITY, type TemplateName } from '../domain/rules';
import { getPreferences } from './preferences';

export interface SmsRequest {
  recipientId: string;
  template: TemplateName;
  /** Facts the text mentions (ids, title, times, amounts); names and language are resolved when it is sent. */
  vars: Record<string, unknown>;
  /** One text per cause: the same key never queues twice (duplicate events, replays, two instances). */
  dedupeKey: string;
  priority?: number;
}

export type QueueResult = 'queued' | 'suppressed' | 'duplicate';

/**
 * Record a text to send, in the caller's transaction. A recipient whose toggles forbid it gets the record
 * with status `suppressed` (so "why did I not get a text?" has an answer) and nothing is sent.
 */
export async function queueSms(ctx: Ctx, tx: Executor, request: SmsRequest): Promise<QueueResult> {
  const prefs = await getPreferences(ctx.database, request.recipientId, tx);
  const off = preferencesFor(request.template).find((p) => !prefs[p]);
  const now = iso(ctx.now());
  const rows = await ctx.database.rows(
    sql`insert into notifications.sms (id, dedupe_key, recipient_id, template, vars, priority, status, suppress_reason, next_attempt_at, created_at)
        values (${randomUUID()}, ${request.dedupeKey}, ${request.recipientId}, ${request.template}, ${JSON.stringify(request.vars)}::jsonb,
          ${request.priority ?? PRIORITY.direct}, ${off ? 'suppressed' : 'queued'}, ${off ? `preference:${off}` : null},
          ${now}::timestamptz, ${now}::timestamptz)
        on conflict (dedupe_key) do nothing
        returning id`,
    tx,
  );
  if (rows.length === 0) return 'duplicate';
  return off ? 'suppressed' : 'queued';
}

/**
 * Urgent shift: every chef of the city with a verified phone and SMS on, in one statement (a city can hold
 * thousands). Chefs already queued for this job (the favorites, texted first) are skipped by the dedupe key.
 */
export async function queueCityBroadcast(
  ctx: Ctx,
  tx: Executor,
  input: { city: string; template: TemplateName; vars: Record<string, unknown>; dedupePrefix: string },
): Promise<number> {
  const now = iso(ctx.now());
  const rows = await ctx.database.rows(
    sql`insert into notifications.sms (id, dedupe_key, recipient_id, template, vars, priority, status, next_attempt_at, created_at)
        select gen_random_uuid(), ${input.dedupePrefix} || r.user_id::text, r.user_id, ${input.template}, ${JSON.stringify(input.vars)}::jsonb,
          ${PRIORITY.broadcast}, 'queued', ${now}::timestamptz, ${now}::timestamptz
        from notifications.recipients r
        left join notifications.preferences p on p.user_id = r.user_id
        where r.user_type = 'chef' and r.city = ${input.city} and r.phone_verified and r.phone is not null
          and coalesce(p.sms_notifications, true)
        on conflict (dedupe_key) do nothing
        returning id`,
    tx,
  );
  return rows.length;
}
