import { appendEvent, inTransaction, type AuthUser } from '@brigade/kit';
import type { Language } from '../domain/language';
import { viewFor, type MessageView } from '../domain/message-view';
import { bumpInboxes } from '../db/inboxes.repository';
import { insertMessage, messageByClientId } from '../db/messages.repository';
import { participantLanguages, rememberUser } from '../db/participants.repository';
import { lockThread, takeNextSeq } from '../db/threads.repository';
import { queueRetry } from '../db/translation-retries.repository';
import type { MessagingContext } from '../context';
import { askTranslator } from './ask-translator';
import type { ThreadRef } from '../queries/resolve-thread';

/**
 * Send a message in a thread the sender belongs to. The text's language is detected offline; when the
 * recipient prefers another language and a translator is configured, it is translated once, here, and
 * stored beside the original (reads never translate). A translator that fails or times out sends the message
 * untranslated, and the translation is queued for the retry loop (`retry-translations.ts`): the recipient
 * sees it appear when it lands. The message, the thread's counters, the retry and
 * `messaging.message.sent.v1` are written in one transaction.
 * A message sent with the sender's `clientId` is stored once (issue 32): a retry with the same id answers the
 * message already stored, with nothing counted, queued or published again.
 */
export async function sendMessage(
  ctx: MessagingContext,
  sender: AuthUser,
  thread: ThreadRef,
  text: string,
  clientId?: string,
): Promise<MessageView> {
  const { database } = ctx;
  if (clientId) {
    const sent = await messageByClientId(database, thread, sender.id, clientId);
    if (sent) return viewFor(sender.id, sent);
  }
  const recipientId = sender.id === thread.chef_id ? thread.restaurant_id : thread.chef_id;
  const languages = await participantLanguages(database, [sender.id, recipientId]);
  const languageOf = (id: string) =>
    languages.find((l) => l.user_id === id)?.language as Language | undefined;
  const senderLanguage = languageOf(sender.id) ?? sender.language;
  const recipientLanguage: Language = languageOf(recipientId) ?? 'en';

  const answer = await askTranslator(ctx, text, senderLanguage, { reader: recipientLanguage });
  const translated = answer.outcome === 'translated' ? answer.text : null;

  const message = await inTransaction(ctx, async (tx) => {
    if (clientId) {
      // two copies of one send at once: the second waits for the thread's row, then finds the first's message
      await lockThread(database, tx, thread);
      const sent = await messageByClientId(database, thread, sender.id, clientId, tx);
      if (sent) return sent;
    }
    await rememberUser(database, tx, sender);
    // Taking the thread's next number locks its row until commit: within a thread, number order is commit order.
    // It counts the message as sent by the sender's side too (the other side's unread count).
    const counter = await takeNextSeq(database, tx, thread, sender.id);
    const row = await insertMessage(database, tx, {
      thread,
      seq: counter.last_seq,
      senderId: sender.id,
      recipientId,
      text,
      originalLanguage: answer.originalLanguage,
      translated,
      translatedLanguage: translated === null ? null : recipientLanguage,
      at: counter.at,
      clientId: clientId ?? null,
      revision: Number(counter.revision),
    });
    if (answer.outcome === 'failed')
      await queueRetry(database, tx, 'message', row.id, ctx.retries.firstAttemptAt(), answer.error);
    // The sender's read mark is left alone: their own messages never count as unread, and the thread's
    // GET (which the open thread polls) records what they have actually seen.
    await bumpInboxes(database, tx, [sender.id, recipientId], ctx.stamps);
    await appendEvent(database, tx, 'messaging.message.sent.v1', {
      message_id: row.id,
      job_id: thread.job_id,
      job_title: thread.job_title,
      chef_id: thread.chef_id,
      restaurant_id: thread.restaurant_id,
      sender_id: sender.id,
      recipient_id: recipientId,
      sent_at: new Date(row.created_at).toISOString(),
      application_id: thread.application_id,
      sender_type: sender.id === thread.chef_id ? 'chef' : 'restaurant',
    });
    return row;
  });
  return viewFor(sender.id, message);
}
