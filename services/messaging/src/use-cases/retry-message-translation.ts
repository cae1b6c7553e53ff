import { inTransaction } from '@brigade/kit';
import type { Language } from '../domain/language';
import { bumpInboxes } from '../db/inboxes.repository';
import { messageToTranslate, setLateTranslation } from '../db/messages.repository';
import { participantLanguages } from '../db/participants.repository';
import { reviseThread } from '../db/threads.repository';
import { dropRetry } from '../db/translation-retries.repository';
import type { MessagingContext } from '../context';
import { askTranslator } from './ask-translator';

/**
 * The retry loop's attempt at a message sent untranslated because the translator failed or timed out: when
 * the translation lands it is kept beside the original, the thread takes a new revision (its ETag moves, and
 * the next poll answers the message again) and the recipient's inbox version moves (their conversation list
 * and the gateway's shortcut answer anew): the reader sees the translation appear. 'failed' (with the error)
 * to try again later; 'done' when it landed, or is not to be made after all (the recipient now reads the
 * message's language, or translation was switched off).
 */
export async function retryMessageTranslation(
  ctx: MessagingContext,
  messageId: string,
): Promise<{ outcome: 'done' } | { outcome: 'failed'; error: string }> {
  const { database } = ctx;
  const message = await messageToTranslate(database, messageId);
  if (!message || message.translated_content !== null) {
    await dropRetry(database, undefined, 'message', messageId);
    return { outcome: 'done' };
  }
  const [recipient] = await participantLanguages(database, [message.recipient_id]);
  const readerLanguage: Language = recipient?.language === 'es' ? 'es' : 'en';
  const answer = await askTranslator(
    ctx,
    message.original_content,
    message.original_language === 'es' ? 'es' : 'en',
    { reader: readerLanguage },
  );
  if (answer.outcome === 'failed') return { outcome: 'failed', error: answer.error };
  await inTransaction(ctx, async (tx) => {
    if (answer.outcome === 'translated') {
      const thread = { job_id: message.job_id, chef_id: message.chef_id };
      const revision = await reviseThread(database, tx, thread, {
        seq: message.seq,
        translated: answer.text,
      });
      const kept = await setLateTranslation(database, tx, messageId, {
        text: answer.text,
        language: answer.target,
        originalLanguage: answer.originalLanguage,
        revision,
      });
      if (kept) await bumpInboxes(database, tx, [message.recipient_id], ctx.stamps);
    }
    await dropRetry(database, tx, 'message', messageId);
  });
  return { outcome: 'done' };
}
