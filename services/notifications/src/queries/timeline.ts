import type { opsHttp } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { textsForJob } from '../db/sms.repository';

const STATUS_WORDS: Record<string, string> = {
  sent: 'sent',
  queued: 'queued',
  sending: 'being sent',
  failed: 'failed',
  suppressed: 'not sent (turned off by the recipient)',
};

/**
 * Notifications' part of a job's timeline (`GET /ops/jobs/{jobId}/timeline`, merged with the other services'):
 * every text about the job, from the texts log itself (no copy): when, to whom, which text, in which language.
 */
export async function timelineOf(
  ctx: Pick<NotificationsContext, 'database'>,
  jobId: string,
): Promise<opsHttp.TimelineEntry[]> {
  const texts = await textsForJob(ctx.database, jobId);
  return texts.map((t) => ({
    at: t.at,
    service: 'notifications',
    kind: 'sms',
    type: `sms.${t.template}`,
    actor: { type: 'system', id: null },
    summary: `Text ${t.template}${t.language ? ` (${t.language})` : ''} ${STATUS_WORDS[t.status] ?? t.status}`,
    data: { to_user_id: t.to_user_id, template: t.template, language: t.language, status: t.status },
  }));
}
