import { sql, type Database, type Executor } from '@brigade/kit';
import { type TextKind, type KeptTranslation } from '@brigade/contracts';

/** Where each kind of a job's text keeps its translation. */
const COLUMNS = {
  job_description: sql`update jobs.jobs set description_translation = `,
  cancellation_reason: sql`update jobs.jobs set cancel_reason_translation = `,
  dispute_note: sql`update jobs.disputes set note_translation = `,
  // issue 39: an appeal's statement (for the operator) and the decision's note (for the appellant)
  appeal_statement: sql`update jobs.appeals set statement_translation = `,
  appeal_note: sql`update jobs.appeals set note_translation = `,
  // issue 39: a review's words and the reply to it, by the review id
  review: sql`update jobs.reviews set text_translation = `,
  review_reply: sql`update jobs.reviews set reply_translation = `,
} as const;
const KEPT = {
  job_description: sql.raw('description_translation'),
  cancellation_reason: sql.raw('cancel_reason_translation'),
  dispute_note: sql.raw('note_translation'),
  appeal_statement: sql.raw('statement_translation'),
  appeal_note: sql.raw('note_translation'),
  review: sql.raw('text_translation'),
  review_reply: sql.raw('reply_translation'),
} as const;
/** The column the text is found by (the event's `id`). */
const KEY = {
  job_description: sql.raw('id'),
  cancellation_reason: sql.raw('id'),
  dispute_note: sql.raw('job_id'),
  appeal_statement: sql.raw('id'),
  appeal_note: sql.raw('id'),
  review: sql.raw('id'),
  review_reply: sql.raw('id'),
};
/** The job each kind of text belongs to (an appeal's or a review's texts: its job). */
const JOB = {
  job_description: sql.raw('id'),
  cancellation_reason: sql.raw('id'),
  dispute_note: sql.raw('job_id'),
  appeal_statement: sql.raw('job_id'),
  appeal_note: sql.raw('job_id'),
  review: sql.raw('job_id'),
  review_reply: sql.raw('job_id'),
};

/** A kind of text jobs keeps (a job's and its reviews', appeals' and disputes' texts). */
export type JobTextKind = keyof typeof COLUMNS;

export const isJobTextKind = (kind: string): kind is JobTextKind => kind in COLUMNS;

/**
 * Keep a translation beside the version of the text it was made of (`written_at`): a translation of an older
 * version than the one kept changes nothing. Returns the job the text belongs to, or null when nothing matched.
 */
export async function keepTextTranslation(
  database: Database,
  tx: Executor,
  kind: JobTextKind & TextKind,
  id: string,
  translation: KeptTranslation,
): Promise<string | null> {
  const rows = await database.rows<{ job_id: string }>(
    sql`${COLUMNS[kind]} ${JSON.stringify(translation)}::jsonb
        where ${KEY[kind]} = ${id} and ${KEPT[kind]}->>'written_at' = ${translation.written_at}
        returning ${JOB[kind]} as job_id`,
    tx,
  );
  return rows[0]?.job_id ?? null;
}
