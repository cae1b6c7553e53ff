import type { Executor } from '@brigade/kit';
import type { EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { clearSeatBooking } from '../db/seat-payments.repository';

/**
 * A confirmed chef cancelled (`jobs.application.cancelled.v1` with `was_confirmed` and `seat_no`, issue 35): the
 * seat is unbooked again and reopens; no money moves (the seat's share stays held for the next chef). Only the
 * seat this application held, and only while its money is undecided. A chef who declined an edit of their seat
 * (`reason: "edit_declined"`, issue 35) unbooks it exactly so: its share, at the edit's new terms, stays held.
 */
export async function unbookSeat(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'jobs.application.cancelled.v1'>,
) {
  if (!data.was_confirmed || data.seat_no === null) return;
  await clearSeatBooking(ctx.database, tx, data.job_id, data.seat_no ?? 1, data.application_id);
}
