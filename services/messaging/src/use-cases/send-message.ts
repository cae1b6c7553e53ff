import { randomUUID } from 'node:crypto';
import {
  appendEvent,
  sql,
  type AuthUser,
  type Database,
  type Logger,
  type OutboxRelay,
  type VersionStamps,
} from '@brigade/kit';
import { baseLanguage, detectLanguage, hasWords, type Language } from '../domain/language';
import { viewFor, type MessageView, type StoredMessage } from '../domain/message-view';
import { bumpInboxes } from '../db/inboxes';
import { rememberUser } from '../db/participants';
import type { Translator } from '../translation/translator';
import type { ThreadRef } from './resolve-thread';

export interface SendDeps {
  database: Database;
  relay: OutboxRelay;
  translator: Translator;
  logger: Logger;
  stamps: VersionStamps;
}

/**
 * Send a message in a thread the sender belongs to. The text's language is detected offline; when the
 * recipient prefers another language and a translator is configured, it is translated once, here, and
 * stored beside the original (reads never translate). A translator failure sends the message untranslated.
 * The message, the thread's counters and `messaging.message.sent.v1` are written in one transaction.
 */
export async function sendMessage(
  deps: SendDeps,
  sender: AuthUser,
  thread: ThreadRef,
  text: string,
): Promise<MessageView> {
  const { database } = deps;
  const recipientId = sender.id === thread.chef_id ? thread.restaurant_id : thread.chef_id;
  const languages = await database.rows<{ user_id: string; language: string | null }>(
    sql`select user_id, language from messaging.participants where user_id in (${sender.id}, ${recipientId})`,
  );
  const languageOf = (id: string) =>
    languages.find((l) => l.user_id === id)?.language as Language | undefined;
  const senderLanguage = languageOf(sender.id) ?? sender.language;
  const recipientLanguage: Language = languageOf(recipientId) ?? 'en';

  let originalLanguage: string = detectLanguage(text, senderLanguage);
  let translated: string | null = null;
  if (deps.translator.enabled && hasWords(text) && originalLanguage !== recipientLanguage) {
    try {
      const result = await deps.translator.translate(text, recipientLanguage);
      if (result.detectedSource) originalLanguage = baseLanguage(result.detectedSource);
      if (originalLanguage !== recipientLanguage && result.text.trim() !== '' && result.text !== text)
        translated = result.text;
    } catch (err) {
      deps.logger.warn(
        { err: (err as Error).message, provider: deps.translator.provider },
        'translation failed; message sent untranslated',
      );
    }
  }

  const message = await database.transaction(async (tx) => {
    await rememberUser(database, tx, sender);
    // Taking the thread's next number locks its row until commit: within a thread, number order is commit order.
    const [counter] = await database.rows<{ last_seq: number; at: Date | string }>(
      sql`update messaging.threads set last_seq = last_seq + 1, last_message_at = date_trunc('milliseconds', clock_timestamp())
          where job_id = ${thread.job_id} and chef_id = ${thread.chef_id}
          returning last_seq, last_message_at as at`,
      tx,
    );
    const [row] = await database.rows<StoredMessage>(
      sql`insert into messaging.messages
            (id, job_id, chef_id, seq, sender_id, recipient_id, original_content, original_language, translated_content, translated_language, created_at)
          values (${randomUUID()}, ${thread.job_id}, ${thread.chef_id}, ${counter.last_seq}, ${sender.id}, ${recipientId}, ${text},
                  ${originalLanguage}, ${translated}, ${translated === null ? null : recipientLanguage}, ${new Date(counter.at).toISOString()})
          returning *`,
      tx,
    );
    // The sender's read mark is left alone: their own messages never count as unread, and the thread's
    // GET (which the open thread polls) records what they have actually seen.
    await bumpInboxes(database, tx, [sender.id, recipientId], deps.stamps);
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
  deps.relay.kick();
  return viewFor(sender.id, message);
}
