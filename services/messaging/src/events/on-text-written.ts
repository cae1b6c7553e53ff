import { outsideTransaction } from '@brigade/kit';
import type { MessagingContext } from '../context';
import { translateText } from '../use-cases/translate-text';

/**
 * Jobs or identity wrote a text for the other side (a job's description, a cancellation reason, a dispute
 * note, a restaurant's description): translate it. Outside the subscription's transaction, as statements are
 * (the translator may take its whole time-out); the use case records each version once by itself.
 */
export const onTextWritten = <T extends 'jobs.text.written.v1' | 'identity.text.written.v1'>() =>
  outsideTransaction<MessagingContext, T>((ctx, data) =>
    translateText(ctx, {
      owner: data.owner,
      kind: data.kind,
      id: data.id,
      writtenAt: data.written_at,
      jobId: data.job_id,
      text: data.text,
      language: data.language,
    }),
  );
