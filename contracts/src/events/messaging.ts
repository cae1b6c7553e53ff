import { z } from 'zod';
import { TextTranslated } from './texts';

const Id = z.string().uuid();

export const messagingEvents = {
  'messaging.message.sent.v1': z.object({
    message_id: Id,
    job_id: Id,
    job_title: z.string(),
    /** the chef's user id: a conversation is one job and one chef */
    chef_id: Id,
    restaurant_id: Id,
    sender_id: Id,
    recipient_id: Id,
    sent_at: z.string(),
    /** added: the chef's latest application to the job (for links such as /messages?job=) */
    application_id: Id.optional(),
    /** added: which side wrote it; the recipient is the other side */
    sender_type: z.enum(['chef', 'restaurant']).optional(),
  }),
  /** A reader opened a thread (notifications holds back "new message" texts for threads read recently). */
  'messaging.thread.read.v1': z.object({
    job_id: Id,
    chef_id: Id,
    reader_id: Id,
    read_at: z.string(),
    /** added: the newest message the reader has now seen (null in a thread with no messages yet) */
    last_read_message_id: Id.nullable().optional(),
  }),
  /**
   * A dispute statement translated into the other language (null: no translator active or it failed; the
   * operator reads the original). Jobs keeps it beside the statement.
   */
  'messaging.statement.translated.v1': z.object({
    statement_id: Id,
    job_id: Id,
    translated_text: z.string().nullable(),
    translated_language: z.enum(['en', 'es']),
    provider: z.string(),
  }),
  /**
   * A text of jobs or identity translated into the other language (issue 32), keyed by owner, kind, id and
   * written_at; its owner keeps it beside the text. Published once the translation is made (a failed or
   * timed-out one is retried first), or at once with `translated_text` null when it is not to be translated.
   */
  'messaging.text.translated.v1': TextTranslated,
} as const;
