import {
  APPEAL_REFUSALS,
  appealRefusal,
  appealWindowEndsAt,
  markKindOf,
  presentTranslation,
  type appealsHttp,
  type AppealOutcome,
  type KeptTranslation,
  type MarkKind,
} from '@brigade/contracts';
import { eventEntry, type Executor } from '@brigade/kit';
import {
  eventsBeforeMark,
  marksOf,
  markView,
  queuedAppeals,
  type AppealRow,
  type MarkView,
  type QueuedAppeal,
} from '../db/appeals.repository';
import type { ViewContext } from './view-context';

// Issue 39: the marks on a record as their side reads them (`GET /reliability/me`), and the operators' queue of
// appeals (`GET /ops/appeals`) with each mark's timeline and the statement in English.

/** At most this many decided appeals follow the pending ones in the queue. */
export const DECIDED_IN_QUEUE = 50;
/** At most this many events of a mark's shift on its timeline. */
const TIMELINE_MAX = 100;

const kindOf = (m: MarkView): MarkKind => markKindOf(m.kind)!;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A text with its translation as the API answers it. */
function written(text: string, language: 'en' | 'es', kept: KeptTranslation | null) {
  const t = presentTranslation(kept);
  return {
    text,
    language,
    translated_text: t?.translated_text ?? null,
    translated_language: t?.translated_language ?? null,
  };
}

function presentAppeal(a: AppealRow): appealsHttp.Appeal {
  return {
    id: a.id,
    mark_id: a.mark_id,
    statement: a.statement,
    status: a.status,
    created_at: a.created_at.toISOString(),
    decided_at: iso(a.decided_at),
    note: a.note === null ? null : written(a.note, a.note_translation?.language ?? 'en', a.note_translation),
  };
}

const presentJob = (m: MarkView) =>
  m.job
    ? {
        title: m.job.title,
        start_time: m.job.start_time.toISOString(),
        end_time: m.job.end_time.toISOString(),
      }
    : null;

/** A mark as its side reads it: why, the shift, whether it counts, until when and whether it may be appealed. */
export function presentMark(ctx: Pick<ViewContext, 'policy'>, m: MarkView, now: Date): appealsHttp.Mark {
  const refusal = appealRefusal(
    ctx.policy,
    { at: m.occurred_at, removed: m.removed_at !== null, appealed: m.appeal !== null },
    now,
  );
  return {
    id: m.id,
    kind: kindOf(m),
    job_id: m.job_id,
    at: m.occurred_at.toISOString(),
    status: m.removed_at === null ? 'counts' : 'removed',
    reason: m.reason,
    job: presentJob(m),
    appeal_until: appealWindowEndsAt(ctx.policy, m.occurred_at).toISOString(),
    appeal_refusal: refusal === null ? null : APPEAL_REFUSALS[refusal],
    appeal: m.appeal ? presentAppeal(m.appeal) : null,
  };
}

/** `GET /reliability/me`: the side's marks, newest first, and how many were removed on appeal. */
export async function myMarks(ctx: ViewContext, userId: string): Promise<appealsHttp.MarksResponse> {
  const now = ctx.now();
  const marks = await marksOf(ctx.database, userId);
  return {
    marks: marks.map((m) => presentMark(ctx, m, now)),
    removed_on_appeal: marks.filter((m) => m.removed_at !== null).length,
    appeal_window_ms: ctx.policy.appealWindowMs,
  };
}

/** One mark as its side reads it (after an appeal was filed), or null. */
export async function oneMark(
  ctx: ViewContext,
  id: string,
  executor?: Executor,
): Promise<appealsHttp.Mark | null> {
  const m = await markView(ctx.database, id, executor);
  return m ? presentMark(ctx, m, ctx.now()) : null;
}

const OUTCOME: Record<'kept' | 'removed', AppealOutcome> = { kept: 'keep', removed: 'remove' };

/** The statement in English: itself when written in English, else its English translation (null until made). */
function statementEnglish(a: AppealRow): string | null {
  const t = presentTranslation(a.statement_translation);
  const language = t?.language ?? a.statement_language;
  if (language === 'en') return a.statement;
  return t?.translated_language === 'en' ? t.translated_text : null;
}

async function presentQueued(ctx: ViewContext, q: QueuedAppeal): Promise<appealsHttp.OpsAppeal> {
  const { appeal: a, mark: m } = q;
  const events = await eventsBeforeMark(ctx.database, m, TIMELINE_MAX);
  const t = presentTranslation(a.statement_translation);
  return {
    id: a.id,
    status: a.status,
    created_at: a.created_at.toISOString(),
    user: { id: a.user_id, type: a.user_type, name: q.name },
    mark: {
      id: m.id,
      kind: kindOf(m),
      job_id: m.job_id,
      at: m.occurred_at.toISOString(),
      status: m.removed_at === null ? 'counts' : 'removed',
      reason: m.reason,
      seat_no: m.seat_no,
    },
    job: presentJob(m),
    statement: written(a.statement, t?.language ?? a.statement_language, a.statement_translation),
    statement_en: statementEnglish(a),
    timeline: events.map((e) => {
      const entry = eventEntry('jobs', e);
      return { at: entry.at, type: entry.type, actor: entry.actor, summary: entry.summary };
    }),
    decision:
      a.status === 'pending' || a.decided_at === null || a.operator_id === null
        ? null
        : {
            outcome: OUTCOME[a.status],
            note: a.note ?? '',
            operator_id: a.operator_id,
            decided_at: a.decided_at.toISOString(),
          },
  };
}

/** `GET /ops/appeals`: pending first (oldest first), then the latest decided (newest first). */
export async function opsAppealQueue(ctx: ViewContext): Promise<appealsHttp.OpsAppeal[]> {
  const queued = await queuedAppeals(ctx.database, DECIDED_IN_QUEUE);
  return Promise.all(queued.map((q) => presentQueued(ctx, q)));
}

/** One appeal as the queue shows it, or null. */
export async function opsAppealView(ctx: ViewContext, id: string): Promise<appealsHttp.OpsAppeal | null> {
  const [q] = await queuedAppeals(ctx.database, 1, id);
  return q ? presentQueued(ctx, q) : null;
}
