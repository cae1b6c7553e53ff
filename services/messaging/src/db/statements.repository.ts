import { sql, type Database, type Tx } from '@brigade/kit';

/** Whether this dispute statement was already translated (or found untranslatable) and recorded. */
export async function statementRecorded(database: Database, statementId: string): Promise<boolean> {
  const known = await database.rows(
    sql`select 1 from messaging.statement_translations where statement_id = ${statementId}`,
  );
  return known.length > 0;
}

/** Record a statement's translation once; false when it was already recorded. */
export async function recordStatementTranslation(
  database: Database,
  tx: Tx,
  statement: {
    statementId: string;
    jobId: string;
    authorId: string;
    originalLanguage: string;
    translatedText: string | null;
    translatedLanguage: string;
    provider: string;
  },
): Promise<boolean> {
  const s = statement;
  const inserted = await database.rows(
    sql`insert into messaging.statement_translations
          (statement_id, job_id, author_id, original_language, translated_text, translated_language, provider)
        values (${s.statementId}, ${s.jobId}, ${s.authorId}, ${s.originalLanguage}, ${s.translatedText}, ${s.translatedLanguage},
                ${s.provider})
        on conflict (statement_id) do nothing returning statement_id`,
    tx,
  );
  return inserted.length > 0;
}
