import { sql, type Database, type Executor } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';
import type {
  KeptTranslation,
  Language,
  ReviewPublishReason,
  ReviewSide,
  ReviewTag,
} from '@brigade/contracts';
import type { ReviewRow } from '../domain/reviews';
import { dateOrNull, firstRow, normalised, toDate, toJson, type DriverRow } from './rows';

// jobs.reviews (issue 39, migration 0032): one review per job, seat and side, written by a worked checkout. Every
// change to a review runs under its row lock (`lockReview`, or the rules loop's claim).

function normaliseReview(row: DriverRow): ReviewRow {
  return normalised<ReviewRow>(row, {
    seat_no: Number(row.seat_no),
    rating: Number(row.rating),
    text_translation: toJson<KeptTranslation | null>(row.text_translation, null),
    reply_translation: toJson<KeptTranslation | null>(row.reply_translation, null),
    tags: toJson<ReviewTag[]>(row.tags, []),
    shift_end: toDate(row.shift_end),
    created_at: toDate(row.created_at),
    published_at: dateOrNull(row.published_at),
    hidden_at: dateOrNull(row.hidden_at),
    replied_at: dateOrNull(row.replied_at),
  });
}

const oneReview = (database: Database, where: SQL, executor?: Executor): Promise<ReviewRow | null> =>
  firstRow(database, normaliseReview, sql`select * from jobs.reviews where ${where}`, executor);

/** A review as the checkout writes it: the row before any publication, hiding or reply. */
export type NewReview = Pick<
  ReviewRow,
  | 'id'
  | 'job_id'
  | 'seat_no'
  | 'application_id'
  | 'author_side'
  | 'author_id'
  | 'subject_id'
  | 'rating'
  | 'text'
  | 'language'
  | 'text_translation'
  | 'tags'
  | 'shift_end'
  | 'created_at'
>;

/**
 * Keep a side's review of a seat; null (nothing written) when that side's review of the seat is already kept
 * (the unique index has the last word over two checkouts at once).
 */
export async function insertReview(
  database: Database,
  tx: Executor,
  review: NewReview,
): Promise<ReviewRow | null> {
  const rows = await database.rows(
    sql`insert into jobs.reviews (id, job_id, seat_no, application_id, author_side, author_id, subject_id, rating,
          text, language, text_translation, tags, shift_end, created_at)
        values (${review.id}, ${review.job_id}, ${review.seat_no}, ${review.application_id}, ${review.author_side},
          ${review.author_id}, ${review.subject_id}, ${review.rating}, ${review.text}, ${review.language},
          ${review.text_translation === null ? null : JSON.stringify(review.text_translation)}::jsonb,
          ${JSON.stringify(review.tags)}::jsonb, ${review.shift_end.toISOString()}::timestamptz,
          ${review.created_at.toISOString()}::timestamptz)
        on conflict (job_id, seat_no, author_side) do nothing
        returning *`,
    tx,
  );
  return rows[0] ? normaliseReview(rows[0]) : null;
}

/** The reviews of one seat (at most one per side), locked, the restaurant's first. */
export async function lockSeatReviews(
  database: Database,
  tx: Executor,
  jobId: string,
  seatNo: number,
): Promise<ReviewRow[]> {
  const rows = await database.rows(
    sql`select * from jobs.reviews where job_id = ${jobId} and seat_no = ${seatNo}
        order by author_side desc for update`,
    tx,
  );
  return rows.map(normaliseReview);
}

/** One review, locked for a change (a reply, a hiding), or null. */
export const lockReview = (database: Database, tx: Executor, id: string) =>
  oneReview(database, sql`id = ${id} for update`, tx);

/** One review, read outside a write, or null. */
export const findReview = (database: Database, id: string, executor?: Executor) =>
  oneReview(database, sql`id = ${id}`, executor);

/**
 * The next review whose window ended (its shift ended at or before `endedBy`) that is neither published nor
 * hidden, with its job's row locked past any other instance's (the job first, then the review: the checkout's
 * order); null when none is due. The caller locks the review (`lockReview`) and checks it again.
 */
export async function claimDueReview(
  database: Database,
  tx: Executor,
  endedBy: Date,
): Promise<{ id: string; job_id: string } | null> {
  const rows = await database.rows<{ id: string; job_id: string }>(
    sql`select r.id, r.job_id from jobs.reviews r join jobs.jobs j on j.id = r.job_id
         where r.published_at is null and r.hidden_at is null
           and r.shift_end <= ${endedBy.toISOString()}::timestamptz
         order by r.shift_end, r.id limit 1
         for update of j skip locked`,
    tx,
  );
  return rows[0] ?? null;
}

export async function markPublished(
  tx: Executor,
  id: string,
  at: Date,
  reason: ReviewPublishReason,
): Promise<void> {
  await tx.execute(
    sql`update jobs.reviews set published_at = ${at.toISOString()}::timestamptz, publish_reason = ${reason}
        where id = ${id} and published_at is null`,
  );
}

export async function markHidden(
  tx: Executor,
  id: string,
  hiding: { at: Date; reason: string; by: string },
): Promise<void> {
  await tx.execute(
    sql`update jobs.reviews set hidden_at = ${hiding.at.toISOString()}::timestamptz,
          hidden_reason = ${hiding.reason}, hidden_by = ${hiding.by}
        where id = ${id} and hidden_at is null`,
  );
}

/** Keep the reply of the side reviewed; false (nothing written) when the review already has one. */
export async function saveReply(
  database: Database,
  tx: Executor,
  id: string,
  reply: { text: string; language: Language; translation: KeptTranslation | null; at: Date },
): Promise<boolean> {
  const rows = await database.rows(
    sql`update jobs.reviews set reply_text = ${reply.text}, reply_language = ${reply.language},
          reply_translation = ${reply.translation === null ? null : JSON.stringify(reply.translation)}::jsonb,
          replied_at = ${reply.at.toISOString()}::timestamptz
        where id = ${id} and reply_text is null
        returning id`,
    tx,
  );
  return rows.length > 0;
}

/** A published review with its author's name (a profile's list). */
export type NamedReview = ReviewRow & { author_name: string | null };

/** The names of a review's two sides, from the read models (either may be missing: null). */
const namesOf = sql.raw(`case r.author_side when 'chef' then acp.name else arp.name end as author_name,
  case r.author_side when 'chef' then srp.name else scp.name end as subject_name`);
const namesJoin =
  sql.raw(`left join jobs.chef_profiles acp on acp.user_id = r.author_id and r.author_side = 'chef'
  left join jobs.restaurant_profiles arp on arp.user_id = r.author_id and r.author_side = 'restaurant'
  left join jobs.chef_profiles scp on scp.user_id = r.subject_id and r.author_side = 'restaurant'
  left join jobs.restaurant_profiles srp on srp.user_id = r.subject_id and r.author_side = 'chef'`);

/**
 * A page of the published (and not hidden) reviews about one user, newest published first, with how many there
 * are in all.
 */
export async function publishedReviewsOf(
  database: Database,
  subjectId: string,
  page: { limit: number; offset: number },
): Promise<{ reviews: NamedReview[]; total: number }> {
  const rows = await database.rows(
    sql`select r.*, ${namesOf}, count(*) over () as total
          from jobs.reviews r ${namesJoin}
         where r.subject_id = ${subjectId} and r.published_at is not null and r.hidden_at is null
         order by r.published_at desc, r.id desc
         limit ${page.limit} offset ${page.offset}`,
  );
  let total = rows.length === 0 ? 0 : Number(rows[0].total);
  // A page past the end reads no rows: count the list on its own.
  if (rows.length === 0 && page.offset > 0) {
    const [counted] = await database.rows<{ n: number | string }>(
      sql`select count(*) as n from jobs.reviews
           where subject_id = ${subjectId} and published_at is not null and hidden_at is null`,
    );
    total = Number(counted?.n ?? 0);
  }
  return {
    reviews: rows.map((r) => ({
      ...normaliseReview(r),
      author_name: (r.author_name as string | null) ?? null,
    })),
    total,
  };
}

/** A review with both sides' names and its job's title (the console). */
export type OpsReviewRow = ReviewRow & {
  author_name: string | null;
  subject_name: string | null;
  job_title: string;
};

/**
 * Reviews for the console, every state, newest first (at most 200): by or about a user, of a job, both, or the
 * newest of all when neither is named.
 */
export async function reviewsForOps(
  database: Database,
  filter: { userId?: string; jobId?: string; id?: string },
  executor?: Executor,
): Promise<OpsReviewRow[]> {
  const where: SQL[] = [sql`true`];
  if (filter.id) where.push(sql`r.id = ${filter.id}`);
  if (filter.userId) where.push(sql`(r.author_id = ${filter.userId} or r.subject_id = ${filter.userId})`);
  if (filter.jobId) where.push(sql`r.job_id = ${filter.jobId}`);
  const rows = await database.rows(
    sql`select r.*, ${namesOf}, j.title as job_title
          from jobs.reviews r join jobs.jobs j on j.id = r.job_id ${namesJoin}
         where ${sql.join(where, sql` and `)}
         order by r.created_at desc, r.id desc
         limit 200`,
    executor,
  );
  return rows.map((r) => ({
    ...normaliseReview(r),
    author_name: (r.author_name as string | null) ?? null,
    subject_name: (r.subject_name as string | null) ?? null,
    job_title: String(r.job_title),
  }));
}

/**
 * The user a profile id names (a chef's or a restaurant's profile id, or the user id itself), from the read
 * models; null when neither names a profile jobs has heard of.
 */
export async function profileUser(database: Database, kind: ReviewSide, id: string): Promise<string | null> {
  const table = kind === 'chef' ? sql.raw('jobs.chef_profiles') : sql.raw('jobs.restaurant_profiles');
  const rows = await database.rows<{ user_id: string }>(
    sql`select user_id from ${table} where profile_id = ${id} or user_id = ${id} limit 1`,
  );
  return rows[0]?.user_id ?? null;
}
