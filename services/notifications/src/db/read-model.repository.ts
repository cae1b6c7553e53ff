import { sql, type Database, type Executor } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import type { EventData } from '@brigade/contracts';
import { iso } from '../context';

// The read model notifications keeps from other services' events: who people are (phone, language, name,
// city) and where jobs and applications stand. Every write tolerates duplicates and late events.

export interface Recipient {
  user_id: string;
  user_type: 'chef' | 'restaurant';
  phone: string | null;
  phone_verified: boolean;
  language: 'en' | 'es';
  name: string | null;
  city: string | null;
  address: string | null;
  /** Issue 40: identity's email, and whether its link was confirmed (only then is anything mailed to it). */
  email: string | null;
  email_verified: boolean;
}

/** A `Recipient`'s columns of `notifications.recipients`. */
export const RECIPIENT_COLUMNS = sql.raw(
  'user_id, user_type, phone, phone_verified, language, name, city, address, email, email_verified',
);

export async function findRecipient(
  database: Database,
  userId: string,
  tx?: Executor,
): Promise<Recipient | null> {
  const rows = await database.rows<Recipient>(
    sql`select ${RECIPIENT_COLUMNS} from notifications.recipients
        where user_id = ${userId} or profile_id = ${userId} order by (user_id = ${userId}) desc limit 1`,
    tx,
  );
  return rows[0] ?? null;
}

/** What inbox entries show of a person (issue 41): as their reader, and as someone an entry names. */
type Shown = Pick<Recipient, 'user_type' | 'language' | 'name' | 'city' | 'address'> & {
  profile_id: string | null;
};
const SHOWN = sql.raw('user_type, language, profile_id, name, city, address');

/** Whether a change to a person's row changes what inbox entries show (issue 41: whose inbox version rises). */
export interface RecipientChange {
  /** Their own inbox: notifications now knows them, or their kind, language, name, city or address changed. */
  ownInbox: boolean;
  /** The entries naming them, in others' inboxes: their name, city or address, or the profile id they are named by. */
  naming: boolean;
  /** The ids entries name them by (user and profile id). */
  ids: string[];
}

/**
 * Write a person's row (`upsert`, returning SHOWN) and tell what it changed of what inbox entries show: the row as
 * it was is read first and locked, so a concurrent write of the same person is compared with what it left.
 */
async function recordRecipient(
  database: Database,
  tx: Executor,
  userId: string,
  upsert: SQL,
): Promise<RecipientChange> {
  const [before] = await database.rows<Shown>(
    sql`select ${SHOWN} from notifications.recipients where user_id = ${userId} for update`,
    tx,
  );
  const [after] = await database.rows<Shown>(upsert, tx);
  const differs = (keys: Array<keyof Shown>) =>
    keys.some((k) => (before?.[k] ?? null) !== (after[k] ?? null));
  return {
    ownInbox: !before || differs(['user_type', 'language', 'name', 'city', 'address', 'profile_id']),
    naming: differs(['name', 'city', 'address', 'profile_id']),
    ids: after.profile_id ? [userId, after.profile_id] : [userId],
  };
}

/** Registration: first sight of a user. A later `updated` event is newer truth, so this never overwrites it. */
export async function recordRegistration(
  database: Database,
  tx: Executor,
  d: EventData<'identity.user.registered.v1'>,
): Promise<RecipientChange> {
  return recordRecipient(
    database,
    tx,
    d.user_id,
    sql`insert into notifications.recipients (user_id, user_type, phone, phone_verified, language, email, email_verified)
        values (${d.user_id}, ${d.user_type}, ${d.phone}, false, ${d.language_preference}, ${d.email}, ${d.email_verified ?? false})
        on conflict (user_id) do update set phone = coalesce(notifications.recipients.phone, excluded.phone),
          email = coalesce(notifications.recipients.email, excluded.email)
        returning ${SHOWN}`,
  );
}

export async function recordUserUpdate(
  database: Database,
  tx: Executor,
  d: EventData<'identity.user.updated.v1'>,
): Promise<RecipientChange> {
  return recordRecipient(
    database,
    tx,
    d.user_id,
    sql`insert into notifications.recipients (user_id, user_type, phone, phone_verified, language, email, email_verified)
        values (${d.user_id}, ${d.user_type}, ${d.phone}, ${d.phone_verified}, ${d.language_preference}, ${d.email ?? null}, ${d.email_verified ?? false})
        on conflict (user_id) do update set user_type = excluded.user_type, phone = excluded.phone,
          phone_verified = excluded.phone_verified, language = excluded.language, updated_at = now(),
          -- issue 40: events from before it name no email: what is known stays
          email = coalesce(${d.email ?? null}, notifications.recipients.email),
          email_verified = coalesce(${d.email_verified ?? null}::boolean, notifications.recipients.email_verified)
        returning ${SHOWN}`,
  );
}

export async function recordProfile(
  database: Database,
  tx: Executor,
  p: {
    user_id: string;
    profile_id: string;
    user_type: 'chef' | 'restaurant';
    name: string;
    city: string;
    address: string | null;
    language: 'en' | 'es';
  },
): Promise<RecipientChange> {
  return recordRecipient(
    database,
    tx,
    p.user_id,
    sql`insert into notifications.recipients (user_id, user_type, language, profile_id, name, city, address)
        values (${p.user_id}, ${p.user_type}, ${p.language}, ${p.profile_id}, ${p.name}, ${p.city}, ${p.address})
        on conflict (user_id) do update set profile_id = excluded.profile_id, name = excluded.name, city = excluded.city,
          address = excluded.address, language = excluded.language, updated_at = now()
        returning ${SHOWN}`,
  );
}

export interface JobFacts {
  job_id: string;
  restaurant_id: string;
  title: string;
  start_time: string;
  end_time: string;
  hourly_rate_cents?: number;
  emergency_level?: 'normal' | 'urgent';
  /** what the restaurant is charged (jobs.job.posted.v1) */
  total_cents?: number;
}

export interface JobRow {
  job_id: string;
  restaurant_id: string;
  title: string;
  start_time: Date;
  end_time: Date;
  hourly_rate_cents: number | null;
  emergency_level: string;
  cancelled: boolean;
  total_cents: number | null;
  expired: boolean;
}

/**
 * Every jobs event carries the job's title and times: keep the latest. Once an edit set the terms (issue 35,
 * `editedAt`: when the edit took effect), only a later edit changes the times, the rate and the total: an event
 * of another queue published before the edit but handled after it carries the terms of before.
 */
export async function recordJob(
  database: Database,
  tx: Executor,
  j: JobFacts,
  opts: { editedAt?: string } = {},
) {
  const editedAt = opts.editedAt ? iso(opts.editedAt) : null;
  const keep = sql`(notifications.jobs.times_edited_at is not null and (${editedAt}::timestamptz is null
    or ${editedAt}::timestamptz < notifications.jobs.times_edited_at))`;
  await database.rows(
    sql`insert into notifications.jobs (job_id, restaurant_id, title, start_time, end_time, hourly_rate_cents, emergency_level, total_cents, times_edited_at)
        values (${j.job_id}, ${j.restaurant_id}, ${j.title}, ${iso(j.start_time)}::timestamptz, ${iso(j.end_time)}::timestamptz,
          ${j.hourly_rate_cents ?? null}, ${j.emergency_level ?? 'normal'}, ${j.total_cents ?? null}::integer, ${editedAt}::timestamptz)
        on conflict (job_id) do update set title = excluded.title,
          start_time = case when ${keep} then notifications.jobs.start_time else excluded.start_time end,
          end_time = case when ${keep} then notifications.jobs.end_time else excluded.end_time end,
          hourly_rate_cents = case when ${keep} then notifications.jobs.hourly_rate_cents
            else coalesce(${j.hourly_rate_cents ?? null}::integer, notifications.jobs.hourly_rate_cents) end,
          emergency_level = coalesce(${j.emergency_level ?? null}::text, notifications.jobs.emergency_level),
          total_cents = case when ${keep} then notifications.jobs.total_cents
            else coalesce(${j.total_cents ?? null}::integer, notifications.jobs.total_cents) end,
          times_edited_at = greatest(notifications.jobs.times_edited_at, ${editedAt}::timestamptz),
          updated_at = now()`,
    tx,
  );
}

export async function findJob(database: Database, jobId: string, tx?: Executor): Promise<JobRow | null> {
  const rows = await database.rows<JobRow>(sql`select * from notifications.jobs where job_id = ${jobId}`, tx);
  return rows[0] ?? null;
}

export async function markJobCancelled(database: Database, tx: Executor, jobId: string) {
  await database.rows(
    sql`update notifications.jobs set cancelled = true, updated_at = now() where job_id = ${jobId}`,
    tx,
  );
}

/** Nobody confirmed the shift by its start: it expired (its reminders are dropped when due). */
export async function markJobExpired(database: Database, tx: Executor, jobId: string) {
  await database.rows(
    sql`update notifications.jobs set expired = true, updated_at = now() where job_id = ${jobId}`,
    tx,
  );
}

export type ApplicationStatus = 'pending' | 'accepted' | 'rejected' | 'confirmed' | 'declined' | 'cancelled';
/** Applications only move forward; a late event never takes one back. */
const RANK: Record<ApplicationStatus, number> = {
  pending: 0,
  accepted: 1,
  rejected: 2,
  confirmed: 2,
  declined: 2,
  cancelled: 3,
};

export async function recordApplication(
  database: Database,
  tx: Executor,
  a: { application_id: string; job_id: string; chef_id: string; restaurant_id: string },
  status: ApplicationStatus,
) {
  const rankOf = sql`(case notifications.applications.status ${sql.join(
    Object.entries(RANK).map(([s, r]) => sql`when ${s} then ${r}::int`),
    sql` `,
  )} else 0 end)`;
  await database.rows(
    sql`insert into notifications.applications (application_id, job_id, chef_id, restaurant_id, status)
        values (${a.application_id}, ${a.job_id}, ${a.chef_id}, ${a.restaurant_id}, ${status})
        on conflict (application_id) do update set status = excluded.status, updated_at = now()
        where ${rankOf} <= ${RANK[status]}::int`,
    tx,
  );
}

export async function markCheckedOut(
  database: Database,
  tx: Executor,
  applicationId: string,
  side: 'chef' | 'restaurant' | 'both',
) {
  const chef = side === 'chef' || side === 'both';
  const restaurant = side === 'restaurant' || side === 'both';
  await database.rows(
    sql`update notifications.applications set
          chef_checked_out = chef_checked_out or ${chef}, restaurant_checked_out = restaurant_checked_out or ${restaurant}, updated_at = now()
        where application_id = ${applicationId}`,
    tx,
  );
}

/** The chef who worked (or was to work) a job: its confirmed application. */
export async function confirmedChefOf(
  database: Database,
  jobId: string,
  tx?: Executor,
): Promise<string | null> {
  const rows = await database.rows<{ chef_id: string }>(
    sql`select chef_id from notifications.applications where job_id = ${jobId} and status = 'confirmed' order by updated_at desc limit 1`,
    tx,
  );
  return rows[0]?.chef_id ?? null;
}

/** The checkout closed (both answered, or the deadline passed): no checkout-deadline reminder goes out after. */
export async function recordCheckoutOutcome(
  database: Database,
  tx: Executor,
  applicationId: string,
  outcome: 'release' | 'refund' | 'disputed',
) {
  await database.rows(
    sql`update notifications.applications set checkout_outcome = ${outcome}, updated_at = now() where application_id = ${applicationId}`,
    tx,
  );
}

/** The chefs (of `chefIds`) who have an application on the job, whatever its status. */
export async function applicantsAmong(
  database: Database,
  tx: Executor,
  jobId: string,
  chefIds: string[],
): Promise<Set<string>> {
  if (chefIds.length === 0) return new Set();
  const rows = await database.rows<{ chef_id: string }>(
    sql`select chef_id from notifications.applications where job_id = ${jobId} and chef_id in (${sql.join(
      chefIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
    tx,
  );
  return new Set(rows.map((r) => r.chef_id));
}
