import type { Language } from '@brigade/contracts';
import { sql, type Database, type Executor } from '@brigade/kit';
import type { CalendarShift } from '../domain/calendar';
import { firstRow, normalised, toDate, type DriverRow } from './rows';

// The calendar's queries (issue 20): the private feed tokens and the confirmed shifts a
// feed or an "Add to calendar" file lists.

/** A feed's owner and its token (the secret in its URL). */
export interface CalendarFeedRow {
  user_id: string;
  token: string;
  user_type: 'chef' | 'restaurant';
  language: Language;
  created_at: Date;
}

const normaliseFeed = (row: DriverRow): CalendarFeedRow =>
  normalised<CalendarFeedRow>(row, { created_at: toDate(row.created_at) });

export async function findFeedOfUser(database: Database, userId: string): Promise<CalendarFeedRow | null> {
  return firstRow(
    database,
    normaliseFeed,
    sql`select user_id, token, user_type, language, created_at from jobs.calendar_feeds where user_id = ${userId}`,
  );
}

export async function findFeedByToken(database: Database, token: string): Promise<CalendarFeedRow | null> {
  return firstRow(
    database,
    normaliseFeed,
    sql`select user_id, token, user_type, language, created_at from jobs.calendar_feeds
        where token = ${token}`,
  );
}

/**
 * The user's feed with a new token: created on first use, or (reset) replacing the old token, which no
 * longer finds anything. `onlyIfMissing` keeps an existing feed as it is (two first visits at once make one
 * token). Returns the row when this call wrote it, null when it kept an existing one.
 */
export async function saveFeedToken(
  database: Database,
  feed: { user_id: string; user_type: 'chef' | 'restaurant'; language: Language; token: string },
  now: Date,
  onlyIfMissing: boolean,
  executor?: Executor,
): Promise<CalendarFeedRow | null> {
  const rows = onlyIfMissing
    ? await database.rows(
        sql`insert into jobs.calendar_feeds (user_id, user_type, token, language, created_at)
            values (${feed.user_id}, ${feed.user_type}, ${feed.token}, ${feed.language}, ${now.toISOString()}::timestamptz)
            on conflict (user_id) do nothing
            returning user_id, token, user_type, language, created_at`,
        executor,
      )
    : await database.rows(
        sql`insert into jobs.calendar_feeds (user_id, user_type, token, language, created_at)
            values (${feed.user_id}, ${feed.user_type}, ${feed.token}, ${feed.language}, ${now.toISOString()}::timestamptz)
            on conflict (user_id) do update set token = excluded.token,
              language = excluded.language, created_at = excluded.created_at
            returning user_id, token, user_type, language, created_at`,
        executor,
      );
  return rows[0] ? normaliseFeed(rows[0]) : null;
}

/** The feed speaks the language its owner last used in Settings. */
export async function setFeedLanguage(database: Database, userId: string, language: Language): Promise<void> {
  await database.rows(
    sql`update jobs.calendar_feeds set language = ${language}
        where user_id = ${userId} and language <> ${language} returning user_id`,
  );
}

const shiftColumns = sql`j.id as job_id, j.title, j.status, j.start_time, j.end_time, j.hourly_rate_cents,
  j.subtotal_cents / j.headcount as subtotal_cents, j.updated_at, j.restaurant_id, a.chef_id, rp.name as restaurant_name, rp.address, rp.city,
  rp.state, cp.name as chef_name`;
const shiftFrom = sql`jobs.jobs j
  join jobs.applications a on a.job_id = j.id and a.status = 'accepted' and a.worker_confirmed = true
  left join jobs.restaurant_profiles rp on rp.user_id = j.restaurant_id
  left join jobs.chef_profiles cp on cp.user_id = a.chef_id`;
const confirmed = sql`j.status in ('filled', 'completed', 'disputed')`;

const normaliseShift = (row: DriverRow): CalendarShift =>
  normalised<CalendarShift>(row, {
    start_time: toDate(row.start_time),
    end_time: toDate(row.end_time),
    updated_at: toDate(row.updated_at),
    hourly_rate_cents: Number(row.hourly_rate_cents),
    subtotal_cents: Number(row.subtotal_cents),
  });

/** One job's confirmed shift (whoever asks: the caller checks they are its restaurant or its chef), or null. */
export async function confirmedShiftOfJob(database: Database, jobId: string): Promise<CalendarShift | null> {
  return firstRow(
    database,
    normaliseShift,
    sql`select ${shiftColumns} from ${shiftFrom} where j.id = ${jobId} and ${confirmed} limit 1`,
  );
}

/**
 * A user's confirmed shifts that end after `since`, soonest first (at most `limit`): a restaurant's own jobs, or
 * the shifts a chef is confirmed on.
 */
export async function confirmedShiftsOf(
  database: Database,
  user: { id: string; type: 'chef' | 'restaurant' },
  since: Date,
  limit: number,
): Promise<CalendarShift[]> {
  const whose = user.type === 'chef' ? sql`a.chef_id = ${user.id}` : sql`j.restaurant_id = ${user.id}`;
  const rows = await database.rows(
    sql`select ${shiftColumns} from ${shiftFrom}
        where ${whose} and ${confirmed} and j.end_time >= ${since.toISOString()}::timestamptz
        order by j.start_time, j.id limit ${limit}`,
  );
  return rows.map(normaliseShift);
}
