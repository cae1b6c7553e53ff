import { notFound, type Database } from '@brigade/kit';
import { messagesOfJob } from '../db/messages.repository';
import { jobKnown } from '../db/threads.repository';
import type { opsHttp } from '@brigade/contracts';
import type { z } from 'zod';

type OpsMessage = z.infer<typeof opsHttp.OpsMessage>;

/**
 * `GET /ops/jobs/{jobId}/messages` (operators): every message of the job's threads, oldest first, with the
 * original, the translation made at send time, who sent it and when. A job messaging never heard of is a 404.
 */
export async function listJobMessages(database: Database, jobId: string): Promise<OpsMessage[]> {
  const rows = await messagesOfJob(database, jobId);
  if (rows.length === 0 && !(await jobKnown(database, jobId)))
    throw notFound('Job not found', 'MESSAGING.JOB_NOT_FOUND');
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
