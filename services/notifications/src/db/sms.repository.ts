import { randomUUID } from 'node:crypto';
import { sql, textArray, type Database, type Executor } from '@brigade/kit';
import { iso } from '../context';
import type { TemplateName } from '../domain/rules';

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
    // every text queued: one text, planned once per connection
    { prepared: true },
  );
  return rows.length > 0;
}

/**
 * Many texts, queued (or recorded as suppressed) in one statement, in the order given (their `seq`s follow it, so
 * the sender keeps it within a priority). The dedupe keys of those queued: a key whose cause already queued a text,
 * or that repeats one earlier in the list, queues nothing. A shift's alerts name up to ALERT_FANOUT chefs.
 */
export async function insertSmsMany(
  database: Database,
  tx: Executor,
  rows: readonly SmsRow[],
  now: Date,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const column = (value: (row: SmsRow) => string | null) => textArray(rows.map(value));
  const inserted = await database.rows<{ dedupe_key: string }>(
    sql`insert into notifications.sms (id, dedupe_key, recipient_id, template, vars, job_id, priority, status, suppress_reason, next_attempt_at, created_at)
        select gen_random_uuid(), t.dedupe_key, t.recipient_id, t.template, t.vars::jsonb, t.job_id, t.priority,
          case when t.reason is null then 'queued' else 'suppressed' end, t.reason, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
        from unnest(${column((r) => r.dedupeKey)}::text[], ${column((r) => r.recipientId)}::uuid[],
          ${column((r) => r.template)}::text[], ${column((r) => JSON.stringify(r.vars))}::text[],
          ${column((r) => jobOf(r.vars))}::uuid[], ${column((r) => String(r.priority))}::int[],
          ${column((r) => (r.suppressedBy ? `preference:${r.suppressedBy}` : null))}::text[])
          with ordinality as t(dedupe_key, recipient_id, template, vars, job_id, priority, reason, n)
        order by t.n
        on conflict (dedupe_key) do nothing
        returning dedupe_key`,
    tx,
    { prepared: true },
  );
  return new Set(inserted.map((r) => r.dedupe_key));
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
 * Chefs already queued under the same keys (favorites, texted first) are skipped. The chefs it queued a text for.
 */
export async function insertCityBroadcast(
  database: Database,
  tx: Executor,
  b: CityBroadcast,
  now: Date,
): Promise<string[]> {
  const rows = await database.rows<{ recipient_id: string }>(
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
        returning recipient_id`,
    tx,
  );
  return rows.map((r) => r.recipient_id);
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

/** A text claimed for sending. */
export interface ClaimedSms {
  seq: string;
  /** the notification's id (its inbox entry; its email and push deliveries name it) */
  id: string;
  recipient_id: string;
  template: TemplateName;
  vars: Record<string, unknown> | string;
  attempts: number;
}

/**
 * `levels(priority)`: the priorities that have queued texts, each found with one probe of `sms_queue_idx`
 * (priority, next_attempt_at; migration 0011) from the one before, rather than a walk of the queue: a text waiting
 * for a retry is never stepped over. For a `with recursive` clause.
 */
export const QUEUED_PRIORITIES = sql`levels(priority) as (
  (select priority from notifications.sms where status = 'queued' order by priority limit 1)
  union all
  select (select q.priority from notifications.sms q where q.status = 'queued' and q.priority > l.priority
          order by q.priority limit 1)
  from levels l where l.priority is not null)`;

/**
 * Claim up to `batchSize` texts due at `now` (queued and due, or left `sending` by an instance whose lease ran
 * out), by priority, then by how long each has been due, FOR UPDATE SKIP LOCKED: each is this instance's until
 * `leaseUntil`. Each priority's due texts are read from the front of its part of `sms_queue_idx` and lapsed leases
 * from `sms_lease_idx`: what a claim reads is what is due, however many texts wait for a later retry. Prepared:
 * one plan serves every claim.
 */
export async function claimDueSms(database: Database, now: Date, leaseUntil: Date, batchSize: number) {
  const at = iso(now);
  return database.rows<ClaimedSms>(
    sql`update notifications.sms s
        set status = 'sending', attempts = s.attempts + 1, locked_until = ${iso(leaseUntil)}::timestamptz
        where s.seq in (
          with recursive ${QUEUED_PRIORITIES},
          queued as (
            select d.seq, d.priority, d.due_at from levels l cross join lateral (
              select seq, priority, next_attempt_at as due_at from notifications.sms
              where status = 'queued' and priority = l.priority and next_attempt_at <= ${at}::timestamptz
              order by next_attempt_at limit ${batchSize}
              for update skip locked) d),
          leased as (
            select seq, priority, locked_until as due_at from notifications.sms
            where status = 'sending' and locked_until <= ${at}::timestamptz
            order by locked_until limit ${batchSize}
            for update skip locked)
          select seq from (
            select seq, priority, due_at from queued union all select seq, priority, due_at from leased) as due
          order by priority, due_at, seq
          limit ${batchSize})
        returning s.seq, s.id, s.recipient_id, s.template, s.vars, s.attempts`,
    undefined,
    { prepared: true }, // planning it cost as much as running it (0.36 / 0.33 ms)
  );
}

/** A claimed text that will not go out (`reason`: no verified phone, a toggle switched off). */
export async function suppressClaimedSms(database: Database, seq: string, reason: string) {
  await database.rows(
    sql`update notifications.sms set status = 'suppressed', suppress_reason = ${reason}, locked_until = null
        where seq = ${seq} and status = 'sending'`,
  );
}

/** What was sent (or tried): where, in which language, with which text. */
export interface SmsAttempt {
  provider: string;
  toPhone: string;
  language: string;
  body: string;
}

/** The provider took the text. */
export async function markSmsSent(
  database: Database,
  seq: string,
  attempt: SmsAttempt & { providerId: string | null },
  now: Date,
) {
  await database.rows(
    sql`update notifications.sms set status = 'sent', provider = ${attempt.provider}, provider_id = ${attempt.providerId}, to_phone = ${attempt.toPhone},
          language = ${attempt.language}, body = ${attempt.body}, sent_at = ${iso(now)}::timestamptz, locked_until = null, last_error = null
        where seq = ${seq}`,
    undefined,
    { prepared: true }, // once per text sent (planning: 0.14 ms of its 0.45)
  );
}

/** The provider refused or failed: keep what was tried (the retry or the failure is recorded next). */
export async function recordSmsAttempt(database: Database, seq: string, attempt: SmsAttempt) {
  await database.rows(
    sql`update notifications.sms set provider = ${attempt.provider}, to_phone = ${attempt.toPhone}, language = ${attempt.language}, body = ${attempt.body}
        where seq = ${seq}`,
  );
}

/** Try again at `at`. */
export async function requeueSms(database: Database, seq: string, at: Date, error: string) {
  await database.rows(
    sql`update notifications.sms set status = 'queued', next_attempt_at = ${iso(at)}::timestamptz,
          locked_until = null, last_error = ${error}
        where seq = ${seq}`,
  );
}

/** No more tries: the text ends `failed` or `suppressed` (an unknown recipient). */
export async function finishSms(
  database: Database,
  seq: string,
  finalStatus: 'failed' | 'suppressed',
  error: string,
) {
  await database.rows(
    sql`update notifications.sms set status = ${finalStatus}, locked_until = null, last_error = ${error},
          suppress_reason = ${finalStatus === 'suppressed' ? 'unknown_recipient' : null}
        where seq = ${seq}`,
  );
}
