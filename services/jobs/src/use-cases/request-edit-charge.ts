import { randomUUID } from 'node:crypto';
import { appendEvent, type Tx } from '@brigade/kit';
import type { Language } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { insertEdit } from '../db/job-edits.repository';
import { touchScopes } from '../db/list-versions.repository';
import { eventShape, storedShape, type EditKind, type EditTerms } from '../domain/edits';
import type { JobRow } from '../domain/records';
import { storedAfter } from './apply-edit';

/**
 * An edit whose total rises (ADR 0031), or a boost (issue 37), waits to be paid: kept in jobs.job_edits as
 * `charging`, and `jobs.job.edit_requested.v1` asks payments to charge `chargeCents` off-session to the card the
 * escrow kept. It takes effect when payments says it collected it (`applyCollectedEdit`). In the caller's
 * transaction under the job's lock; the owner's job shows it being charged (`pending_edit`).
 */
export async function requestEditCharge(
  ctx: JobsContext,
  tx: Tx,
  job: JobRow,
  edit: { kind: EditKind; before: EditTerms; after: EditTerms; chargeCents: number; language: Language },
): Promise<string> {
  const id = randomUUID();
  await insertEdit(tx, {
    id,
    job_id: job.id,
    before: storedShape(edit.before),
    after: storedAfter(edit.after, edit.language),
    charge_cents: edit.chargeCents,
    refund_cents: 0,
    status: 'charging',
    kind: edit.kind,
    created_at: ctx.now(),
  });
  await appendEvent(ctx.database, tx, 'jobs.job.edit_requested.v1', {
    job_id: job.id,
    edit_id: id,
    restaurant_id: job.restaurant_id,
    title: job.title,
    before: eventShape(edit.before),
    after: eventShape(edit.after),
    charge_cents: edit.chargeCents,
  });
  await touchScopes(ctx, tx, [`r:${job.restaurant_id}`]);
  return id;
}
