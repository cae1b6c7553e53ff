import { sql, type Database, type Executor } from '@brigade/kit';
import { type TextKind, type KeptTranslation } from '@brigade/contracts';

/** Where each kind of a job's text keeps its translation. */
const COLUMNS = {
  job_description: sql`update jobs.jobs set description_translation = `,
  cancellation_reason: sql`update jobs.jobs set cancel_reason_translation = `,
  dispute_note: sql`update jobs.disputes set note_translation = `,
} as const;
const KEPT = {
  job_description: sql.raw('description_translation'),
  cancellation_reason: sql.raw('cancel_reason_translation'),
  dispute_note: sql.raw('note_translation'),
} as const;
const KEY = {
  job_description: sql.raw('id'),
  cancellation_reason: sql.raw('id'),
  dispute_note: sql.raw('job_id'),
};

export const isJobTextKind = (kind: string): kind is keyof typeof COLUMNS => kind in COLUMNS;

/**
 * Keep a translation beside the version of the text it was made of (`written_at`): a translation of an older
 * version than the one kept changes nothing. Returns the job the text belongs to, or null when nothing matched.
 */
export async function keepTextTranslation(
  database: Database,
  tx: Executor,
  kind: keyof typeof COLUMNS & TextKind,
  jobId: string,
  translation: KeptTranslation,
): Promise<string | null> {
  const rows = await database.rows<{ job_id: string }>(
    sql`${COLUMNS[kind]} ${JSON.stringify(translation)}::jsonb
        where ${KEY[kind]} = ${jobId} and ${KEPT[kind]}->>'written_at' = ${translation.written_at}
        returning ${KEY[kind]} as job_id`,
    tx,
  );
  return rows[0]?.job_id ?? null;
}
