import { sql, type Database, type Executor } from '@brigade/kit';
import type { offersHttp } from '@brigade/contracts';

type OfferStatus = offersHttp.OfferStatus;
import type { JobRow } from '../domain/records';
import { offerStatusNow, type OfferRow } from '../domain/offers';

type OfferRecord = Omit<OfferRow, 'created_at' | 'expires_at' | 'answered_at'> & {
  created_at: Date | string;
  expires_at: Date | string;
  answered_at: Date | string | null;
};

const date = (v: Date | string) => new Date(v);
const normaliseOffer = (r: OfferRecord): OfferRow => ({
  ...r,
  created_at: date(r.created_at),
  expires_at: date(r.expires_at),
  answered_at: r.answered_at === null ? null : date(r.answered_at),
});

export async function insertOffer(database: Database, tx: Executor, offer: OfferRow): Promise<void> {
  await database.rows(
    sql`insert into jobs.offers (id, job_id, restaurant_id, chef_id, chef_profile_id, status, created_at, expires_at, kind)
        values (${offer.id}, ${offer.job_id}, ${offer.restaurant_id}, ${offer.chef_id}, ${offer.chef_profile_id},
          'pending', ${offer.created_at.toISOString()}::timestamptz, ${offer.expires_at.toISOString()}::timestamptz,
          ${offer.kind ?? 'direct'})`,
    tx,
  );
}

/** Which job an offer is for (unlocked; the caller then locks the job, then the offer). */
export async function jobIdOfOffer(database: Database, tx: Executor, id: string): Promise<string | null> {
  const rows = await database.rows<{ job_id: string }>(
    sql`select job_id from jobs.offers where id = ${id}`,
    tx,
  );
  return rows[0]?.job_id ?? null;
}

export async function lockOffer(database: Database, tx: Executor, id: string): Promise<OfferRow | null> {
  const rows = await database.rows<OfferRecord>(
    sql`select * from jobs.offers where id = ${id} for update`,
    tx,
  );
  return rows[0] ? normaliseOffer(rows[0]) : null;
}

/**
 * The job's pending offers past their end (OFFER_EXPIRES_AFTER or the start), oldest end first: the caller holds
 * the job's row lock and locks them here (the job's lock comes first, as for every write to its offers).
 */
export async function lockEndedOffers(
  database: Database,
  tx: Executor,
  jobId: string,
  now: Date,
): Promise<OfferRow[]> {
  const rows = await database.rows<OfferRecord>(
    sql`select * from jobs.offers
        where job_id = ${jobId} and status = 'pending' and expires_at <= ${now.toISOString()}::timestamptz
        order by expires_at, id for update`,
    tx,
  );
  return rows.map(normaliseOffer);
}

/**
 * The next pending offer past its end, claimed past any other instance's (FOR UPDATE SKIP LOCKED of its job's
 * row and its own; a job another transaction holds is left for a later pass). Returns the ids; the caller
 * re-reads both under the locks it now holds.
 */
export async function claimOfferToExpire(
  database: Database,
  tx: Executor,
  now: Date,
): Promise<{ id: string; job_id: string } | null> {
  const rows = await database.rows<{ id: string; job_id: string }>(
    sql`select o.id, o.job_id from jobs.offers o join jobs.jobs j on j.id = o.job_id
        where o.status = 'pending' and o.expires_at <= ${now.toISOString()}::timestamptz
        order by o.expires_at, o.id limit 1 for update of j, o skip locked`,
    tx,
  );
  return rows[0] ?? null;
}

/** The chef's pending offers (their ids and jobs), for a write that ends them one by one under their jobs' locks. */
export async function pendingOffersOfChef(
  database: Database,
  tx: Executor,
  chefId: string,
): Promise<{ id: string; job_id: string }[]> {
  return database.rows<{ id: string; job_id: string }>(
    sql`select id, job_id from jobs.offers where chef_id = ${chefId} and status = 'pending'
        order by job_id, id`,
    tx,
  );
}

/**
 * A pending offer ends as `status` (expired, taken, withdrawn), guarded by its status: returns false (and
 * changes nothing) when it no longer waits for an answer.
 */
export async function endOffer(
  database: Database,
  tx: Executor,
  id: string,
  status: Extract<OfferStatus, 'expired' | 'taken' | 'withdrawn'>,
): Promise<boolean> {
  const rows = await database.rows(
    sql`update jobs.offers set status = ${status} where id = ${id} and status = 'pending' returning id`,
    tx,
  );
  return rows.length > 0;
}

/** Whether this chef has a pending offer for this job. */
export async function hasPendingOffer(database: Database, tx: Executor, jobId: string, chefId: string) {
  const rows = await database.rows(
    sql`select 1 from jobs.offers where job_id = ${jobId} and chef_id = ${chefId} and status = 'pending'`,
    tx,
  );
  return rows.length > 0;
}

export async function answerOffer(
  database: Database,
  tx: Executor,
  id: string,
  answer: { status: 'accepted' | 'declined'; at: Date; applicationId: string | null },
) {
  await database.rows(
    sql`update jobs.offers set status = ${answer.status}, answered_at = ${answer.at.toISOString()}::timestamptz,
          application_id = ${answer.applicationId}
        where id = ${id}`,
    tx,
  );
}

/**
 * The job's pending offers end as `status` (its last seat was booked: taken; it was cancelled or expired:
 * withdrawn), all but `exceptId`. Those past their end are expired first (`expireEndedOffers`), with their event.
 */
export async function closePendingOffers(
  database: Database,
  tx: Executor,
  jobId: string,
  status: Extract<OfferStatus, 'taken' | 'withdrawn'>,
  exceptId: string | null = null,
) {
  await database.rows(
    sql`update jobs.offers set status = ${status}
        where job_id = ${jobId} and status = 'pending' and id is distinct from ${exceptId}`,
    tx,
  );
}

/**
 * How many seats of the job are held: a confirmed chef, an acceptance awaiting its chef's answer, or (issue 37)
 * a reopened seat offered to a standby chef, until they answer or the rules loop passes it on (but the seat
 * `exceptChefId` holds: that chef may take it by an offer).
 */
export async function heldSeats(
  database: Database,
  tx: Executor,
  jobId: string,
  exceptChefId: string | null = null,
): Promise<number> {
  const rows = await database.rows<{ n: number | string }>(
    sql`select (select count(*) from jobs.applications
        where job_id = ${jobId} and status = 'accepted' and worker_confirmed is distinct from false
          and chef_id is distinct from ${exceptChefId})
      + (select count(*) from jobs.offers
        where job_id = ${jobId} and kind = 'standby' and status = 'pending'
          and chef_id is distinct from ${exceptChefId}) as n`,
    tx,
    { prepared: true },
  );
  return Number(rows[0]?.n ?? 0);
}

interface OfferViewRecord extends OfferRecord {
  job_status: JobRow['status'];
  title: string;
  start_time: Date | string;
  end_time: Date | string;
  hourly_rate_cents: number;
  break_minutes: number;
  subtotal_cents: number;
  restaurant_name: string | null;
  city: string | null;
  chef_name: string | null;
}

/** Offers as the API answers them, read as they are now (`offerStatusNow`), newest first. */
export async function offerViews(
  database: Database,
  of: { offerId: string } | { jobId: string } | { chefId: string },
  now: Date,
  executor?: Executor,
): Promise<offersHttp.Offer[]> {
  const where =
    'offerId' in of
      ? sql`o.id = ${of.offerId}`
      : 'jobId' in of
        ? sql`o.job_id = ${of.jobId}`
        : sql`o.chef_id = ${of.chefId} and j.end_time > ${now.toISOString()}::timestamptz`;
  const rows = await database.rows<OfferViewRecord>(
    sql`select o.*, j.status as job_status, j.title, j.start_time, j.end_time, j.hourly_rate_cents,
          j.break_minutes, j.subtotal_cents / j.headcount as subtotal_cents, rp.name as restaurant_name, rp.city, cp.name as chef_name
        from jobs.offers o
        join jobs.jobs j on j.id = o.job_id
        left join jobs.restaurant_profiles rp on rp.user_id = o.restaurant_id
        left join jobs.chef_profiles cp on cp.profile_id = o.chef_profile_id
        where ${where}
        order by o.created_at desc, o.id limit 200`,
    executor,
  );
  return rows.map((r) => {
    const offer = normaliseOffer(r);
    const start = date(r.start_time);
    const end = date(r.end_time);
    const breakMinutes = Number(r.break_minutes ?? 0);
    return {
      id: offer.id,
      job_id: offer.job_id,
      restaurant_id: offer.restaurant_id,
      chef_id: offer.chef_id,
      chef_profile_id: offer.chef_profile_id,
      chef_name: r.chef_name,
      status: offerStatusNow(offer, r.job_status, now),
      created_at: offer.created_at.toISOString(),
      expires_at: offer.expires_at.toISOString(),
      answered_at: offer.answered_at?.toISOString() ?? null,
      application_id: offer.application_id,
      kind: offer.kind ?? 'direct',
      shift: {
        title: r.title,
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        hourly_rate: Number(r.hourly_rate_cents) / 100,
        break_minutes: breakMinutes,
        hours: (end.getTime() - start.getTime() - breakMinutes * 60_000) / 3_600_000,
        chef_pay_cents: Number(r.subtotal_cents),
        restaurant_name: r.restaurant_name,
        city: r.city,
      },
    };
  });
}

/** Whether identity has this user suspended (its events' read model). */
export async function isSuspended(database: Database, tx: Executor, userId: string): Promise<boolean> {
  const rows = await database.rows(sql`select 1 from jobs.suspended_users where user_id = ${userId}`, tx);
  return rows.length > 0;
}

/** A suspension (or its lifting), kept when newer than what the read model holds. */
export async function recordSuspension(
  database: Database,
  tx: Executor,
  s: { userId: string; suspendedAt: string | null; occurredAt: string },
) {
  if (s.suspendedAt === null) {
    await database.rows(
      sql`delete from jobs.suspended_users where user_id = ${s.userId}
          and source_occurred_at <= ${s.occurredAt}::timestamptz`,
      tx,
    );
    return;
  }
  await database.rows(
    sql`insert into jobs.suspended_users (user_id, suspended_at, source_occurred_at)
        values (${s.userId}, ${s.suspendedAt}::timestamptz, ${s.occurredAt}::timestamptz)
        on conflict (user_id) do update set suspended_at = excluded.suspended_at,
          source_occurred_at = excluded.source_occurred_at
        where jobs.suspended_users.source_occurred_at <= excluded.source_occurred_at`,
    tx,
  );
}
