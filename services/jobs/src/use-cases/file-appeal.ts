import { randomUUID } from 'node:crypto';
import { appealRefusal, appealWindowEndsAt } from '@brigade/contracts';
import { inTransaction, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { hasAppeal, insertAppeal, lockMark } from '../db/appeals.repository';
import { AppealErrors } from '../domain/appeals';
import { announceText } from './announce-text';

/**
 * A chef or a restaurant appeals a mark on its own record (issue 39): a late cancellation, a no-show or a dispute
 * lost, within APPEAL_WINDOW of the mark, once. The statement is kept in the writer's language (the token's) and
 * asked of messaging to translate for the operator (`jobs.text.written.v1`, kind `appeal_statement`), in one
 * transaction under the mark's lock. Refused with nothing stored: a mark that is not the caller's, or not a mark
 * at all, is 404 (an id says nothing about whose it is); a removed mark, a second appeal or one after the window
 * is 409 with its code and the window's end. Returns the appeal's id.
 */
export async function fileAppeal(
  ctx: JobsContext,
  user: Pick<AuthUser, 'id' | 'type' | 'language'>,
  input: { mark_id: string; statement: string },
): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const mark = await lockMark(ctx.database, tx, input.mark_id);
    if (!mark || mark.user_id !== user.id || mark.user_type !== user.type) throw AppealErrors.markNotFound();
    const now = ctx.now();
    const appealed = await hasAppeal(ctx.database, tx, mark.id);
    const refusal = appealRefusal(
      ctx.policy,
      { at: mark.occurred_at, removed: mark.removed_at !== null, appealed },
      now,
    );
    if (refusal) throw AppealErrors.refused(refusal, appealWindowEndsAt(ctx.policy, mark.occurred_at));

    const id = randomUUID();
    const language = user.language;
    const translation = await announceText(ctx, tx, {
      kind: 'appeal_statement',
      jobId: mark.job_id,
      id,
      words: input.statement,
      language,
      writtenAt: now,
    });
    const filed = await insertAppeal(ctx.database, tx, {
      id,
      mark,
      statement: input.statement,
      language,
      translation,
      at: now,
    });
    if (!filed)
      throw AppealErrors.refused('already_appealed', appealWindowEndsAt(ctx.policy, mark.occurred_at));
    return id;
  });
}
