import { z } from 'zod';

/**
 * Free text one side writes for the other (issue 32), translated like messages: the owning service publishes
 * "a text to translate" (`<owner>.text.written.v1`, one schema for every owner and kind), messaging translates
 * it into the other language (en <-> es) with the restaurant glossary and publishes "a text translated"
 * (`messaging.text.translated.v1`), and the owner keeps the translation beside its text. Keyed by owner, kind
 * and id; `written_at` names the version of the text, so a translation of an older version is never kept
 * for a newer one. (Dispute statements keep their own pair, `jobs.dispute.statement_added.v1` and
 * `messaging.statement.translated.v1`, which predate this one.)
 */
export const TEXT_OWNERS = ['jobs', 'identity'] as const;
export const TEXT_KINDS = [
  /** jobs: the job's description, by the job id */
  'job_description',
  /** jobs: the restaurant's reason for cancelling, by the job id */
  'cancellation_reason',
  /** jobs: the operator's note on a dispute decision, by the job id */
  'dispute_note',
  /** identity: the restaurant's description on its profile, by the restaurant's user id */
  'restaurant_description',
  /** jobs: a chef's or restaurant's statement appealing a mark on its record, by the appeal id (issue 39) */
  'appeal_statement',
  /** jobs: the operator's note on an appeal's decision, by the appeal id (issue 39) */
  'appeal_note',
  /** jobs (issue 39): a review's words, by the review id */
  'review',
  /** jobs (issue 39): the reviewed side's reply to a review, by the review id */
  'review_reply',
] as const;
export type TextOwner = (typeof TEXT_OWNERS)[number];
export type TextKind = (typeof TEXT_KINDS)[number];

const Id = z.string().uuid();
const Language = z.enum(['en', 'es']);

const TextKey = {
  owner: z.enum(TEXT_OWNERS),
  kind: z.enum(TEXT_KINDS),
  /** the owner's id of the thing the text belongs to (a job, a restaurant) */
  id: Id,
  /** when this version of the text was written (ISO): the version the translation is of */
  written_at: z.string(),
  /** the job it is about, when there is one (the operators' timeline of a job) */
  job_id: Id.nullable().default(null),
};

export const TextWritten = z.object({
  ...TextKey,
  text: z.string(),
  /** the writer's language preference (messaging detects the language and may find the other) */
  language: Language,
});

export const TextTranslated = z.object({
  ...TextKey,
  /** the language the text was written in, as detected */
  original_language: Language,
  /**
   * the text in the other language; null when it is not translated for good: no translator is active, the
   * text has no words, or the machine gave it back as it was. A translation that failed or timed out is
   * retried by messaging until it succeeds, and this event waits for it.
   */
  translated_text: z.string().nullable(),
  translated_language: Language,
  provider: z.string(),
});
