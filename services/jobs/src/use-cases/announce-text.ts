import { appendEvent, type Tx } from '@brigade/kit';
import { type TextKind, untranslated, type KeptTranslation } from '@brigade/contracts';
import type { JobsContext } from '../context';

/**
 * A text of a job one side wrote for the other (its description, the restaurant's cancellation reason, the
 * operator's dispute note, a review and its reply): asked of messaging to translate (`jobs.text.written.v1`, in
 * the writer's transaction) and kept, until the translation lands, as written in the writer's language. Returns
 * what to keep beside the text (null for no text: nothing to translate). `id` names the text's thing (a review,
 * an appeal); absent, the job.
 */
export async function announceText(
  ctx: JobsContext,
  tx: Tx,
  text: {
    kind: TextKind;
    jobId: string;
    /** the text's own id when it is not the job's (an appeal's statement and note: the appeal id, issue 39) */
    id?: string;
    words: string | null;
    language: 'en' | 'es';
    writtenAt: Date;
  },
): Promise<KeptTranslation | null> {
  const words = text.words?.trim();
  if (!words) return null;
  const kept = untranslated(text.writtenAt, text.language);
  await appendEvent(ctx.database, tx, 'jobs.text.written.v1', {
    owner: 'jobs',
    kind: text.kind,
    id: text.id ?? text.jobId,
    written_at: kept.written_at,
    job_id: text.jobId,
    text: words,
    language: text.language,
  });
  return kept;
}
