import { randomUUID } from 'node:crypto';
import { sql, type Database, type Executor } from '@brigade/kit';
import { iso } from '../context';

// The SQL that records texts to send (`notifications.sms`). The dedupe key is unique: one text per cause.

export interface SmsRow {
  recipientId: string;
  template: string;
  vars: Record<string, unknown>;
  dedupeKey: string;
  priority: number;
  /** the toggle that forbids it: recorded as suppressed with that reason */
  suppressedBy?: string;
}

/** One text, queued (or recorded as suppressed). False when its cause already queued one. */
export async function insertSms(database: Database, tx: Executor, row: SmsRow, now: Date) {
  const rows = await database.rows(
    sql`insert into notifications.sms (id, dedupe_key, recipient_id, template, vars, priority, status, suppress_reason, next_attempt_at, created_at)
        values (${randomUUID()}, ${row.dedupeKey}, ${row.recipientId}, ${row.template}, ${JSON.stringify(row.vars)}::jsonb,
          ${row.priority}, ${row.suppressedBy ? 'suppressed' : 'queued'}, ${row.suppressedBy ? `preference:${row.suppressedBy}` : null},
          ${iso(now)}::timestamptz, ${iso(now)}::timestamptz)
        on conflict (dedupe_key) do nothing
        returning id`,
    tx,
  );
  return rows.length > 0;
}

export interface CityBroadcast {
  city: string;
  template: string;
  vars: Record<string, unknown>;
  /** each chef's text is keyed `<prefix><chef user id>` */
  dedupePrefix: string;
  priority: number;
  /** leave out the chefs who have an application on this job (they know the shift already) */
  exceptApplicantsOf?: string;
}

/**
 * Every chef of the city with a verified phone and SMS on, in one statement (a city can hold thousands).
 * Chefs already queued under the same keys (favorites, texted first) are skipped.
 */
export async function insertCityBroadcast(database: Database, tx: Executor, b: CityBroadcast, now: Date) {
  const rows = await database.rows(
    sql`insert into notifications.sms (id, dedupe_key, recipient_id, template, vars, priority, status, next_attempt_at, created_at)
        select gen_random_uuid(), ${b.dedupePrefix} || r.user_id::text, r.user_id, ${b.template}, ${JSON.stringify(b.vars)}::jsonb,
          ${b.priority}, 'queued', ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
        from notifications.recipients r
        left join notifications.preferences p on p.user_id = r.user_id
        where r.user_type = 'chef' and r.city = ${b.city} and r.phone_verified and r.phone is not null
          and coalesce(p.sms_notifications, true)
          ${
            b.exceptApplicantsOf
              ? sql`and not exists (select 1 from notifications.applications a where a.job_id = ${b.exceptApplicantsOf} and a.chef_id = r.user_id)`
              : sql``
          }
        on conflict (dedupe_key) do nothing
        returning id`,
    tx,
  );
  return rows.length;
}
