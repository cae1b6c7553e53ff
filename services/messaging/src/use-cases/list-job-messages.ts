import { notFound, sql, type Database } from '@brigade/kit';
import type { opsHttp } from '@brigade/contracts';
import type { z } from 'zod';

type OpsMessage = z.infer<typeof opsHttp.OpsMessage>;

/**
 * `GET /ops/jobs/{jobId}/messages` (operators): every message of the job's threads, oldest first, with the
 * original, the translation made at send time, who sent it and when. A job messaging never heard of is a 404.
 */
export async function listJobMessages(database: Database, jobId: string): Promise<OpsMessage[]> {
  const rows = await database.rows<{
    id: string;
    chef_id: string;
    sender_id: string;
    original_content: string;
    original_language: string;
    translated_content: string | null;
    created_at: Date | string;
  }>(
    sql`select id, chef_id, sender_id, original_content, original_language, translated_content, created_at
        from messaging.messages where job_id = ${jobId} order by created_at, seq, id`,
  );
  if (rows.length === 0) {
    const known = await database.rows(
      sql`select 1 from messaging.jobs where job_id = ${jobId}
          union all select 1 from messaging.threads where job_id = ${jobId} limit 1`,
    );
    if (known.length === 0) throw notFound('Job not found', 'MESSAGING.JOB_NOT_FOUND');
  }
  return rows.map((r) => ({
    id: r.id,
    sender_id: r.sender_id,
    sender_type: r.sender_id === r.chef_id ? 'chef' : 'restaurant',
    text: r.original_content,
    language: r.original_language === 'en' || r.original_language === 'es' ? r.original_language : null,
    translated_text: r.translated_content,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
