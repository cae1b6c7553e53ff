import { sql, type Database, type Tx } from '@brigade/kit';

/** Another service's text that messaging translates for it (owner, kind, id), as recorded. */
export interface TextTranslationRow {
  owner: string;
  kind: string;
  text_id: string;
  written_at: Date | string;
  job_id: string | null;
  text: string;
  author_language: 'en' | 'es';
  status: 'pending' | 'done';
  original_language: string | null;
  translated_text: string | null;
  translated_language: string | null;
  provider: string | null;
}

export interface TextKey {
  owner: string;
  kind: string;
  id: string;
}

/** The retry queue's key of a text. */
export const textKey = (k: TextKey) => `${k.owner}/${k.kind}/${k.id}`;
export function parseTextKey(key: string): TextKey {
  const [owner, kind, id] = key.split('/');
  return { owner, kind, id };
}

export async function findTextTranslation(database: Database, key: TextKey) {
  const rows = await database.rows<TextTranslationRow>(
    sql`select owner, kind, text_id, written_at, job_id, text, author_language, status, original_language,
               translated_text, translated_language, provider
        from messaging.text_translations
        where owner = ${key.owner} and kind = ${key.kind} and text_id = ${key.id}`,
  );
  return rows[0] ?? null;
}

/**
 * Record a version of a text, pending (waiting for the machine) or done (with its outcome), unless a newer
 * version is recorded already or this one is done: true when it was recorded. A text that never changes
 * (`immutable`: a dispute statement, whose events may carry different times) has one version: once done, done.
 */
export async function recordTextVersion(
  database: Database,
  tx: Tx,
  text: TextKey & {
    writtenAt: string;
    jobId: string | null;
    text: string;
    authorLanguage: 'en' | 'es';
    status: 'pending' | 'done';
    originalLanguage: string;
    translatedText: string | null;
    translatedLanguage: string;
    provider: string;
    immutable?: boolean;
  },
): Promise<boolean> {
  const t = text;
  const newer = t.immutable ? sql`false` : sql`messaging.text_translations.written_at < excluded.written_at`;
  const rows = await database.rows(
    sql`insert into messaging.text_translations
          (owner, kind, text_id, written_at, job_id, text, author_language, status, original_language, translated_text,
           translated_language, provider, updated_at)
        values (${t.owner}, ${t.kind}, ${t.id}, ${t.writtenAt}, ${t.jobId}, ${t.text}, ${t.authorLanguage}, ${t.status},
                ${t.originalLanguage}, ${t.translatedText}, ${t.translatedLanguage}, ${t.provider}, now())
        on conflict (owner, kind, text_id) do update set
          written_at = excluded.written_at, job_id = excluded.job_id, text = excluded.text,
          author_language = excluded.author_language, status = excluded.status,
          original_language = excluded.original_language, translated_text = excluded.translated_text,
          translated_language = excluded.translated_language, provider = excluded.provider, updated_at = now()
        where ${newer}
           or ((messaging.text_translations.written_at = excluded.written_at or ${Boolean(t.immutable)})
               and messaging.text_translations.status = 'pending' and excluded.status = 'done')
        returning text_id`,
    tx,
  );
  return rows.length > 0;
}
