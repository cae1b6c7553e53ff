import { z } from 'zod';
import type { RouteDoc } from '../common';
import {
  APPEAL_OUTCOMES,
  APPEAL_STATEMENT_MAX,
  APPEAL_STATUSES,
  MARK_KIND_NAMES,
  MARK_REASONS,
  MARK_STATUSES,
} from '../appeals';
import { TimelineEntry } from './ops-records';

// Issue 39: appeals of a mark on a reliability record. The names here are the contracts: paths, fields,
// codes. Jobs keeps the marks (the reliability facts that count against a side) and their appeals.

const Id = z.string().uuid();
const Language = z.enum(['en', 'es']);

/** A text one side wrote, with its translation into the other language (null until translated, or never). */
const WrittenText = z.object({
  text: z.string(),
  /** the language it was written in (the writer's preference until the translator detects it) */
  language: Language,
  translated_text: z.string().nullable(),
  translated_language: Language.nullable(),
});

/** An appeal of a mark, as its appellant reads it. */
export const Appeal = z
  .object({
    id: Id,
    mark_id: Id,
    statement: z.string(),
    /** `pending`: waiting for an operator; `kept`: the mark stays; `removed`: it no longer counts */
    status: z.enum(APPEAL_STATUSES),
    created_at: z.string(),
    decided_at: z.string().nullable(),
    /** the operator's note on the decision, and its translation (null before the decision) */
    note: WrittenText.nullable(),
  })
  .meta({ id: 'Appeal' });
export type Appeal = z.infer<typeof Appeal>;

/**
 * A mark on the signed-in side's record (`GET /reliability/me`): a late cancellation, a no-show or a dispute lost,
 * with why it is there (`reason`, see MARK_REASONS), the shift it is about (`job_id`, linked as /jobs/{job_id}),
 * when it was put there (`at`), and whether it still `counts` or was `removed` on appeal.
 */
export const Mark = z
  .object({
    id: Id,
    kind: z.enum(MARK_KIND_NAMES),
    job_id: Id,
    at: z.string(),
    status: z.enum(MARK_STATUSES),
    reason: z.enum(MARK_REASONS),
    /** the shift's title and times (null when jobs no longer has them) */
    job: z.object({ title: z.string(), start_time: z.string(), end_time: z.string() }).nullable(),
    /** the last moment it may be appealed: `at` + APPEAL_WINDOW */
    appeal_until: z.string(),
    /** null: it may be appealed now; else the code of why not (JOBS.APPEAL_WINDOW_CLOSED, ...) */
    appeal_refusal: z.string().nullable(),
    /** its appeal, once filed (one per mark) */
    appeal: Appeal.nullable(),
  })
  .meta({ id: 'Mark' });
export type Mark = z.infer<typeof Mark>;

/** `GET /reliability/me`: the signed-in chef's or restaurant's marks, newest first. */
export const MarksResponse = z
  .object({
    marks: z.array(Mark),
    /** how many marks were removed on appeal ("1 removed on appeal") */
    removed_on_appeal: z.number().int().nonnegative(),
    /** APPEAL_WINDOW in milliseconds (the form says how long a mark may be appealed) */
    appeal_window_ms: z.number().int().positive(),
  })
  .meta({ id: 'MarksResponse' });
export type MarksResponse = z.infer<typeof MarksResponse>;

const STATEMENT_TEXT = 'Please write your statement';
/** `POST /reliability/appeals` `{ mark_id, statement }`: within APPEAL_WINDOW of the mark, once per mark. */
export const FileAppealBody = z
  .object({
    mark_id: z.string({ error: 'mark_id must be a UUID' }).uuid('mark_id must be a UUID'),
    statement: z
      .string({ error: STATEMENT_TEXT })
      .trim()
      .min(1, STATEMENT_TEXT)
      .max(APPEAL_STATEMENT_MAX, `Statements can be at most ${APPEAL_STATEMENT_MAX} characters`),
  })
  .meta({ id: 'FileAppealBody' });
export type FileAppealBody = z.infer<typeof FileAppealBody>;

export const FileAppealResponse = z.object({ mark: Mark }).meta({ id: 'FileAppealResponse' });
export type FileAppealResponse = z.infer<typeof FileAppealResponse>;

/** One event of the shift that led to the mark (the console's timeline words), oldest first. */
export const MarkTimelineEntry = TimelineEntry.pick({
  at: true,
  type: true,
  actor: true,
  summary: true,
}).meta({
  id: 'MarkTimelineEntry',
});

/**
 * An appeal in the operators' queue: the appellant, the mark (why and when), the shift's events that led to it,
 * and the statement with its English (`statement_en`: the statement itself when written in English, its
 * translation otherwise; null until translated).
 */
export const OpsAppeal = z
  .object({
    id: Id,
    status: z.enum(APPEAL_STATUSES),
    created_at: z.string(),
    user: z.object({ id: Id, type: z.enum(['chef', 'restaurant']), name: z.string().nullable() }),
    mark: z.object({
      id: Id,
      kind: z.enum(MARK_KIND_NAMES),
      job_id: Id,
      at: z.string(),
      status: z.enum(MARK_STATUSES),
      reason: z.enum(MARK_REASONS),
      seat_no: z.number().int().min(1),
    }),
    job: z.object({ title: z.string(), start_time: z.string(), end_time: z.string() }).nullable(),
    statement: WrittenText,
    statement_en: z.string().nullable(),
    timeline: z.array(MarkTimelineEntry),
    decision: z
      .object({
        outcome: z.enum(APPEAL_OUTCOMES),
        note: z.string(),
        operator_id: Id,
        decided_at: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'OpsAppeal' });
export type OpsAppeal = z.infer<typeof OpsAppeal>;

/** `GET /ops/appeals`: pending appeals first (oldest first), then the latest decided ones (newest first). */
export const OpsAppealsResponse = z
  .object({ appeals: z.array(OpsAppeal) })
  .meta({ id: 'OpsAppealsResponse' });
export type OpsAppealsResponse = z.infer<typeof OpsAppealsResponse>;
export const OpsAppealResponse = z.object({ appeal: OpsAppeal }).meta({ id: 'OpsAppealResponse' });
export type OpsAppealResponse = z.infer<typeof OpsAppealResponse>;

const NOTE_TEXT = 'Please explain the decision in a note';
/** `POST /ops/appeals/{id}/decide` `{ outcome: "keep" | "remove", note }`: audited; the appellant is texted. */
export const DecideAppealBody = z
  .object({
    outcome: z.enum(APPEAL_OUTCOMES, { error: 'outcome must be keep or remove' }),
    note: z
      .string({ error: NOTE_TEXT })
      .trim()
      .min(1, NOTE_TEXT)
      .max(2000, 'Notes can be at most 2000 characters'),
  })
  .meta({ id: 'DecideAppealBody' });
export type DecideAppealBody = z.infer<typeof DecideAppealBody>;

// ---------- the routes ----------

export const appealRoutes: Array<RouteDoc & { service: string }> = [
  {
    method: 'get',
    path: '/reliability/me',
    summary:
      "The signed-in chef's or restaurant's marks (late cancellations, no-shows, disputes lost), newest first, each with its reason, shift, status and appeal",
    auth: 'user',
    response: MarksResponse,
    service: 'jobs',
  },
  {
    method: 'post',
    path: '/reliability/appeals',
    summary:
      'Appeal a mark on your record within APPEAL_WINDOW of it, once; 404 for a mark that is not yours, 409 after the window or when already appealed or removed',
    auth: 'user',
    body: FileAppealBody,
    response: FileAppealResponse,
    status: 201,
    service: 'jobs',
  },
  {
    method: 'get',
    path: '/ops/appeals',
    summary:
      "The appeals queue: pending first (oldest first), then the latest decided; each with the mark's timeline and the statement in English",
    auth: 'operator',
    response: OpsAppealsResponse,
    service: 'jobs',
  },
  {
    method: 'post',
    path: '/ops/appeals/{id}/decide',
    summary:
      'Keep or remove the mark with a note: audited, the appellant texted; a removed mark counts nowhere (records, profiles, search, Book now, the instant payout rule)',
    auth: 'operator',
    body: DecideAppealBody,
    response: OpsAppealResponse,
    service: 'jobs',
  },
];
