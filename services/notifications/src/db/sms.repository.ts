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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The job a text is about (its vars' job_id), for the job's timeline. */
const jobOf = (vars: Record<string, unknown>) =>
  typeof vars.job_id === 'string' && UUID.test(vars.job_id) ? vars.job_id : null;

/** One text, queued (or recorded as suppressed). False when its cause already queued one. */
export async function insertSms(database: Database, tx: Executor, row: SmsRow, now: Date) {
  const rows = await database.rows(
    sql`insert into notifications.sms (id, dedupe_key, recipient_id, template, vars, job_id, priority, status, suppress_reason, next_attempt_at, created_at)
        values (${randomUUID()}, ${row.dedupeKey}, ${row.recipientId}, ${row.template}, ${JSON.stringify(row.vars)}::jsonb, ${jobOf(row.vars)}::uuid,
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
    sql`insert into notifications.sms (id, dedupe_key, recipient_id, template, vars, job_id, priority, status, next_attempt_at, created_at)
        select gen_random_uuid(), ${b.dedupePrefix} || r.user_id::text, r.user_id, ${b.template}, ${JSON.stringify(b.vars)}::jsonb, ${jobOf(b.vars)}::uuid,
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

/** A text about a job, as the job's timeline shows it. */
export interface JobText {
  /** when it was sent (queued, for one not sent yet or suppressed) */
  at: string;
  to_user_id: string;
  template: string;
  /** the language it was written in (null until sent) */
  language: 'en' | 'es' | null;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'suppressed';
}

/** Every text notifications recorded about a job, oldest first (`sms_job_idx`). */
export async function textsForJob(database: Database, jobId: string): Promise<JobText[]> {
  const rows = await database.rows<{
    at: Date | string;
    recipient_id: string;
    template: string;
    language: string | null;
    status: JobText['status'];
  }>(
    sql`select coalesce(sent_at, created_at) as at, recipient_id, template, language, status
        from notifications.sms where job_id = ${jobId} order by coalesce(sent_at, created_at), seq`,
  );
  return rows.map((r) => ({
    at: iso(r.at),
    to_user_id: r.recipient_id,
    template: r.template,
    language: r.language === 'en' || r.language === 'es' ? r.language : null,
    status: r.status,
  }));
}
