import { appendEvent, inTransaction } from '@brigade/kit';
import { formatIsoWeek, timeZoneOfCity } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { recordStatementSend, restaurantsWithMovements, statementSent } from '../db/statements.repository';
import { lastCompleteWeek, statementOfWeek } from '../queries/statements';

const DAY_MS = 86_400_000;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The ISO weekday (1 Monday .. 7 Sunday) of an instant in a zone. */
export function isoWeekdayAt(now: Date, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(now);
  return WEEKDAYS.indexOf(name) + 1;
}

/**
 * The Monday text (issue 38): from STATEMENT_DAY on, in each restaurant's own zone, the restaurant whose shifts
 * had card movements in the week before is told its statement is ready: `payments.statement.ready.v1` with the
 * web app's path. The send's row and the event are written in one transaction, and the row's key (restaurant,
 * week) lets only one pass, instance or restart publish it. A day after STATEMENT_DAY still sends a week missed
 * (the scheduler was down on the day); a week with no movement is not sent. Returns how many were sent.
 */
export async function sendWeeklyStatements(ctx: PaymentsContext, now = ctx.now()): Promise<number> {
  const statementDay = ctx.config.policy.statementDay;
  // Last week's movements, in any zone, are within the last 15 days.
  const restaurants = await restaurantsWithMovements(ctx.database, new Date(now.getTime() - 15 * DAY_MS));
  let sent = 0;
  for (const r of restaurants) {
    const timeZone = timeZoneOfCity(r.city);
    if (isoWeekdayAt(now, timeZone) < statementDay) continue;
    const week = lastCompleteWeek(now, timeZone);
    const weekText = formatIsoWeek(week);
    if (await statementSent(ctx.database, r.restaurant_id, weekText)) continue;
    const statement = await statementOfWeek(ctx, r.restaurant_id, week, timeZone);
    if (statement.lines.length === 0) continue;
    const { charged_cents, net_cents } = statement.totals;
    const published = await inTransaction(ctx, async (tx) => {
      const first = await recordStatementSend(ctx.database, tx, {
        restaurant_id: r.restaurant_id,
        week: weekText,
        charged_cents,
        net_cents,
      });
      if (!first) return false;
      await appendEvent(ctx.database, tx, 'payments.statement.ready.v1', {
        restaurant_id: r.restaurant_id,
        week: weekText,
        charged_cents,
        net_cents,
        path: `/statements?week=${weekText}`,
      });
      return true;
    });
    if (published) sent += 1;
  }
  return sent;
}
