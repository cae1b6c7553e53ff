import type { EventData } from '@brigade/contracts';
import type { Executor } from '@brigade/kit';
import type { JobsContext } from '../context';
import { updateTimesheet } from '../db/timesheets.repository';

/**
 * Payments collected a seat's extra charge (off-session, or the restaurant paid its balance in the app): the
 * timesheet's `pay.charged_cents` (what has been collected for the seat so far) now counts it. One extra per
 * timesheet, so setting the amount is idempotent under redelivery.
 */
export async function recordExtraCollected(
  _ctx: JobsContext,
  tx: Executor,
  d: EventData<'payments.extra_charge.collected.v1'>,
): Promise<void> {
  await updateTimesheet(tx, d.application_id, { extra_collected_cents: d.amount_cents });
}
