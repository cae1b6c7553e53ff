import { appendEvent, type Tx } from '@brigade/kit';
import { escrowCharge, type Language } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { markBoosted } from '../db/job-edits.repository';
import { termsOf, type JobEditRow } from '../domain/edits';
import { jobFacts } from '../domain/facts';
import type { JobRow } from '../domain/records';
import { applyEdit } from './apply-edit';
import { chooseAlerts } from './choose-alerts';

/**
 * Payments collected a boost's difference (issue 37), in the transaction that holds the job's lock: the new
 * rate takes effect as an edit of the rate only (`applyEdit`: the job's amounts, `jobs.job.edited.v1` so payments
 * prices every seat at the new rate and pays each chef the boosted pay), except that booked chefs are not
 * asked to answer (a raise only). The job keeps the rate before its first boost (`boosted_from_rate_cents`,
 * "Boosted, was $N/h"), and `jobs.job.boosted.v1` names the chefs to text.
 */
export async function applyBoost(ctx: JobsContext, tx: Tx, job: JobRow, edit: JobEditRow): Promise<void> {
  const language = ((edit.after as { language?: Language }).language ?? 'en') as Language;
  const before = termsOf(edit.before);
  const after = termsOf(edit.after);
  const applied = await applyEdit(
    ctx,
    tx,
    job,
    {
      id: edit.id,
      before,
      after,
      charge_cents: edit.charge_cents,
      refund_cents: 0,
      language,
    },
    { askChefs: false },
  );
  const boostedFrom = await markBoosted(ctx.database, tx, job.id, before.hourly_rate_cents);
  const boosted: JobRow = { ...applied.job, boosted_from_rate_cents: boostedFrom };
  await appendEvent(ctx.database, tx, 'jobs.job.boosted.v1', {
    ...jobFacts(boosted),
    edit_id: edit.id,
    boosted_from_rate_cents: boostedFrom,
    previous_rate_cents: before.hourly_rate_cents,
    chef_pay_cents: escrowCharge(after).subtotalCents,
    alerts: await chooseAlerts(ctx, tx, boosted, 'boosted'),
  });
}
