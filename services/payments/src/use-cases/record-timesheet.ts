import type { Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { upsertTimesheet } from '../db/timesheets.repository';
import { timesheetSeat, type TimesheetEventFacts } from './settle-timesheet';

/**
 * The jobs service's time clock (issue 34, ADR 0028): payments hears that a seat has clock events, so its checkout
 * no longer moves the money (the timesheet's settlement does). `disputed` and `no_show` keep the money held: an
 * operator decides a contested one; jobs owns the no-show's contest window and says when it passed.
 */
export async function recordTimesheet(
  ctx: PaymentsContext,
  tx: Executor,
  facts: TimesheetEventFacts,
  status: 'clocked_in' | 'submitted' | 'disputed' | 'no_show',
  more: { no_show_contest_until?: string | null; no_show_contested?: boolean } = {},
) {
  await upsertTimesheet(ctx.database, tx, { ...timesheetSeat(facts), status, ...more });
}
