import { appendEvent, type Tx } from '@brigade/kit';
import {
  editAnswerDue,
  editNeedsChefAnswer,
  postingFigures,
  reconfirmWindow,
  type Language,
} from '@brigade/contracts';
import type { JobsContext } from '../context';
import { answerOf, askForAnswer, addSeats, removeSeats, updateJobTerms } from '../db/job-edits.repository';
import { scopesOfJob, touchScopes } from '../db/list-versions.repository';
import { reconfirmationsOfJob, setReconfirmBy } from '../db/reconfirmations.repository';
import { deriveJobStatus, seatsOfJob } from '../db/seats.repository';
import {
  eventShape,
  seatsToRemove,
  storedShape,
  wordsChanged,
  type EditTerms,
  type StoredShape,
} from '../domain/edits';
import type { JobRow } from '../domain/records';
import { announceOpenJob } from './announce-open-job';
import { announceText } from './announce-text';

const MAX_SEAT_NO = 20;

/**
 * An edit takes effect (issue 35, ADR 0031), in the transaction that holds the job's lock: the job's times, rate,
 * break, headcount and words and its amounts (`postingFigures` of the new shape); seats added open (the lowest
 * numbers free) or the highest-numbered unbooked seats removed; every booked chef asked to answer when the times
 * or pay changed (by `editAnswerDue`); `jobs.job.edited.v1` (payments refunds `refund_cents`, or has charged
 * `charge_cents`, and prices every seat at the new shape). A filled job that gained seats opens again for chefs.
 * Returns when the answers are due (null: nobody is asked).
 */
export async function applyEdit(
  ctx: JobsContext,
  tx: Tx,
  job: JobRow,
  edit: {
    id: string;
    before: EditTerms;
    after: EditTerms;
    charge_cents: number;
    refund_cents: number;
    language: Language;
  },
  /**
   * Issue 37: `askChefs: false` for a boost (a raise of an unfilled shift's rate): its booked chefs get the new
   * rate without being asked to answer.
   */
  options: { askChefs?: boolean } = {},
): Promise<{ answers_due_by: string | null; job: JobRow }> {
  const now = ctx.now();
  const { before, after } = edit;
  const seats = await seatsOfJob(ctx.database, tx, job.id);
  const added: number[] = [];
  const removed: number[] = [];
  if (after.headcount > before.headcount) {
    const used = new Set(seats.map((s) => s.seat_no));
    for (let n = 1; n <= MAX_SEAT_NO && added.length < after.headcount - before.headcount; n++)
      if (!used.has(n)) added.push(n);
    await addSeats(tx, job.id, added);
  } else if (after.headcount < before.headcount) {
    const removing = seatsToRemove(seats, before.headcount, after.headcount);
    if (!removing) throw new Error('an edit removing a booked seat reached apply (check-edit refuses it)');
    removed.push(...removing);
    await removeSeats(tx, job.id, removed);
  }
  const words = wordsChanged(job, after);
  const description = after.description !== undefined && after.description !== job.description;
  const translation = description
    ? await announceText(ctx, tx, {
        kind: 'job_description',
        jobId: job.id,
        words: after.description ?? null,
        language: edit.language,
        writtenAt: now,
      })
    : undefined;
  await updateJobTerms(tx, job.id, {
    ...after,
    ...postingFigures(after),
    ...(description ? { description_translation: translation ?? null } : { description: undefined }),
  });
  const statusAfter = await deriveJobStatus(ctx.database, tx, job);
  // Issue 37: a moved start moves the reconfirmations still to give with it (asked again at the new time); a
  // start moved so close that the window has opened needs none (as a booking that close: the chefs answer
  // the edit itself).
  if (after.start_time.getTime() !== before.start_time.getTime())
    for (const r of await reconfirmationsOfJob(ctx.database, tx, job.id))
      await setReconfirmBy(tx, r.id, reconfirmWindow(ctx.policy, after.start_time, now)?.by ?? null);

  // The booked chefs answer a change of the times or pay they said yes to (a question still due keeps the
  // terms they agreed to as its `before`).
  const asked =
    options.askChefs !== false && editNeedsChefAnswer(before, after)
      ? seats.filter((s) => s.status === 'filled' && s.application_id !== null && s.chef_id !== null)
      : [];
  const due = asked.length > 0 ? editAnswerDue(ctx.policy, now, after.start_time) : null;
  for (const seat of asked) {
    const earlier = await answerOf(ctx.database, seat.application_id!, tx);
    const agreed: StoredShape =
      earlier && earlier.answer_by.getTime() > now.getTime() ? earlier.before : eventShape(before);
    await askForAnswer(tx, {
      application_id: seat.application_id!,
      job_id: job.id,
      edit_id: edit.id,
      before: agreed,
      after: eventShape(after),
      answer_by: due!,
    });
  }
  const edited: JobRow = { ...job, ...after, status: statusAfter } as JobRow;
  await appendEvent(ctx.database, tx, 'jobs.job.edited.v1', {
    job_id: job.id,
    edit_id: edit.id,
    restaurant_id: job.restaurant_id,
    title: job.title,
    before: eventShape(before),
    after: eventShape(after),
    charge_cents: edit.charge_cents,
    refund_cents: edit.refund_cents,
    added_seats: added,
    removed_seats: removed,
    chefs_to_answer: asked.map((s) => ({
      application_id: s.application_id!,
      chef_id: s.chef_id!,
      seat_no: s.seat_no,
    })),
    answers_due_by: due ? due.toISOString() : null,
    words_changed: words,
  });
  if (job.status === 'filled' && statusAfter === 'open')
    await announceOpenJob(ctx, tx, edited, true, false, added[0] ?? null);
  await touchScopes(ctx, tx, await scopesOfJob(ctx.database, tx, job, statusAfter));
  return { answers_due_by: due ? due.toISOString() : null, job: edited };
}

/** The shape an edit stores (jobs.job_edits.after): the terms, the words it changes and their language. */
export function storedAfter(after: EditTerms, language: Language): StoredShape & { language: Language } {
  return { ...storedShape(after), language };
}
