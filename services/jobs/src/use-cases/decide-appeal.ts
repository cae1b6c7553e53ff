import { markKindOf, type AppealOutcome } from '@brigade/contracts';
import { appendEvent, inTransaction, recordAudit, type OperatorUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { decideAppealRow, lockAppeal, lockMark, removeMark } from '../db/appeals.repository';
import { touchScopes } from '../db/list-versions.repository';
import { scopesOfChef } from '../db/read-models.repository';
import { AppealErrors } from '../domain/appeals';
import { announceText } from './announce-text';

/**
 * An operator decides an appeal (issue 39): keep the mark, or remove it from the record, with a note. Under the
 * appeal's and the mark's locks, once (a second decision, even a concurrent one, is 409 and changes nothing):
 * the appeal keeps the decision and its note (translated for the appellant, `appeal_note`); a removed mark stays
 * on the row with its time, counts nowhere in jobs from then on (records, applicant cards, Book now), and
 * `jobs.mark.removed.v1` tells identity (profiles, search) and payments (the instant payout's free rule);
 * `jobs.appeal.decided.v1` has the appellant texted either way; the audit log keeps who decided what and why.
 */
export async function decideAppeal(
  ctx: JobsContext,
  operator: Pick<OperatorUser, 'id'> & { email?: string; language?: 'en' | 'es' },
  appealId: string,
  input: { outcome: AppealOutcome; note: string },
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const appeal = await lockAppeal(ctx.database, tx, appealId);
    if (!appeal) throw AppealErrors.appealNotFound();
    if (appeal.status !== 'pending') throw AppealErrors.appealDecided();
    const mark = await lockMark(ctx.database, tx, appeal.mark_id);
    if (!mark) throw AppealErrors.appealNotFound();

    const now = ctx.now();
    const removed = input.outcome === 'remove';
    const noteTranslation = await announceText(ctx, tx, {
      kind: 'appeal_note',
      jobId: mark.job_id,
      id: appeal.id,
      words: input.note,
      language: operator.language ?? 'en',
      writtenAt: now,
    });
    const decided = await decideAppealRow(ctx.database, tx, appeal.id, {
      status: removed ? 'removed' : 'kept',
      operator_id: operator.id,
      note: input.note,
      note_translation: noteTranslation,
      at: now,
    });
    if (!decided) throw AppealErrors.appealDecided();

    const fact = {
      mark_id: mark.id,
      user_id: mark.user_id,
      user_type: mark.user_type,
      kind: mark.kind,
      job_id: mark.job_id,
      seat_no: mark.seat_no,
      occurred_at: mark.occurred_at.toISOString(),
    };
    let scopes: string[] = [];
    if (removed && mark.removed_at === null) {
      await removeMark(tx, mark.id, now);
      await appendEvent(ctx.database, tx, 'jobs.mark.removed.v1', {
        ...fact,
        appeal_id: appeal.id,
        removed_at: now.toISOString(),
      });
      // The chef's applicant cards show the record: their lists move so the next poll shows it.
      if (mark.user_type === 'chef') scopes = await scopesOfChef(ctx.database, tx, mark.user_id);
    }
    await appendEvent(ctx.database, tx, 'jobs.appeal.decided.v1', {
      ...fact,
      appeal_id: appeal.id,
      mark_kind: markKindOf(mark.kind)!,
      outcome: input.outcome,
      note: input.note,
      operator_id: operator.id,
      decided_at: now.toISOString(),
    });
    await recordAudit(ctx.database, tx, {
      operatorId: operator.id,
      operatorEmail: operator.email ?? '',
      action: 'appeal.decide',
      subjectType: 'user',
      subjectId: mark.user_id,
      jobId: mark.job_id,
      reason: input.note,
      detail: {
        appeal_id: appeal.id,
        mark_id: mark.id,
        kind: markKindOf(mark.kind),
        user_type: mark.user_type,
        outcome: input.outcome,
        seat_no: mark.seat_no,
      },
    });
    if (scopes.length > 0) await touchScopes(ctx, tx, scopes);
  });
}
