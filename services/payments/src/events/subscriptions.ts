import { onlyWhen, subscribe, type Subscription } from '@brigade/kit';
import type { EventType } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { DecisionRefused } from '../domain/decision';
import { applyCheckoutOutcome } from '../use-cases/apply-checkout-outcome';
import { applyEdit, dropEdit } from '../use-cases/apply-edit';
import { bookSeat } from '../use-cases/book-seat';
import { decideDispute } from '../use-cases/decide-dispute';
import { requestEdit } from '../use-cases/edit-charge';
import { recordAcceptance, recordApplication } from '../use-cases/record-application';
import { recordPostedJob } from '../use-cases/record-posted-job';
import { recordTimesheet } from '../use-cases/record-timesheet';
import { recordProfileName, recordUser } from '../use-cases/record-user';
import { isChefNoShow, recordNoShow, removeNoShowMark } from '../use-cases/record-no-show';
import { refundExpiredJob } from '../use-cases/refund-expired-job';
import { refundExpiredSeats } from '../use-cases/refund-expired-seats';
import { recordRefusedDecision } from '../use-cases/report-anomaly';
import { settleCancellation } from '../use-cases/settle-cancellation';
import { settleTimesheet } from '../use-cases/settle-timesheet';
import { unbookSeat } from '../use-cases/unbook-seat';

/** The money decisions whose refused figures are recorded as an anomaly (see `refusingLoudly`). */
const REFUSING_LOUDLY: ReadonlySet<string> = new Set<EventType>([
  'jobs.job.cancelled.v1',
  'jobs.dispute.resolved.v1',
  'jobs.job.posted.v1',
  'jobs.job.edit_requested.v1',
  'jobs.job.edited.v1',
  'jobs.job.edit_dropped.v1',
  'jobs.seat.expired.v1',
  'jobs.timesheet.approved.v1',
  'jobs.timesheet.resolved.v1',
  'jobs.timesheet.sent_home.v1',
]);

/**
 * Every event the payments service reacts to, in one table (queue `payments.<name>`, the name derived from the
 * event type: `payments.job-cancelled`, `payments.checkout-deadline-passed`, ...).
 */
export function paymentsSubscriptions(ctx: PaymentsContext): Subscription[] {
  return subscribe('payments', ctx, [
    ['identity.user.registered.v1', (ctx, tx, d) => recordUser(ctx, tx, d)],
    ['identity.chef_profile.updated.v1', (ctx, tx, d) => recordProfileName(ctx, tx, d)],
    ['identity.restaurant_profile.updated.v1', (ctx, tx, d) => recordProfileName(ctx, tx, d)],
    ['jobs.job.posted.v1', (ctx, tx, d) => recordPostedJob(ctx, tx, d)],
    ['jobs.application.submitted.v1', (ctx, tx, d) => recordApplication(ctx, tx, d)],
    ['jobs.application.accepted.v1', (ctx, tx, d, e) => recordAcceptance(ctx, tx, d, e.occurred_at)],
    ['jobs.application.confirmed.v1', (ctx, tx, d) => bookSeat(ctx, tx, d)],
    ['jobs.application.cancelled.v1', (ctx, tx, d) => unbookSeat(ctx, tx, d)],
    // Both answers in, or the deadline decided (jobs chose which): payments moves the money the same way.
    ['jobs.checkout.completed.v1', (ctx, tx, d) => applyCheckoutOutcome(ctx, tx, d)],
    ['jobs.checkout.deadline_passed.v1', (ctx, tx, d) => applyCheckoutOutcome(ctx, tx, d)],
    ['jobs.job.cancelled.v1', (ctx, tx, d, e) => settleCancellation(ctx, tx, d, e.occurred_at)],
    ['jobs.dispute.resolved.v1', (ctx, tx, d) => decideDispute(ctx, tx, d)],
    ['jobs.job.expired.v1', (ctx, tx, d, e) => refundExpiredJob(ctx, tx, d, e.occurred_at)],
    ['jobs.seat.expired.v1', (ctx, tx, d) => refundExpiredSeats(ctx, tx, d)],
    // The time clock (issue 34): a seat with clock events is paid by its timesheet, not its checkout.
    ['jobs.timesheet.clocked_in.v1', (ctx, tx, d) => recordTimesheet(ctx, tx, d, 'clocked_in')],
    ['jobs.timesheet.submitted.v1', (ctx, tx, d) => recordTimesheet(ctx, tx, d, 'submitted')],
    [
      'jobs.timesheet.disputed.v1',
      (ctx, tx, d) => recordTimesheet(ctx, tx, d, 'disputed', { no_show_contested: d.about === 'no_show' }),
    ],
    [
      'jobs.timesheet.no_show_marked.v1',
      (ctx, tx, d) => recordTimesheet(ctx, tx, d, 'no_show', { no_show_contest_until: d.contest_until }),
    ],
    // Uncontested in its window (jobs decided under its own locks): the whole charge back, from our records.
    [
      'jobs.timesheet.no_show_confirmed.v1',
      (ctx, tx, d, e) => settleTimesheet(ctx, tx, 'no_show', d, null, e.id),
    ],
    ['jobs.timesheet.approved.v1', (ctx, tx, d, e) => settleTimesheet(ctx, tx, 'approved', d, d, e.id)],
    ['jobs.timesheet.resolved.v1', (ctx, tx, d, e) => settleTimesheet(ctx, tx, 'resolved', d, d, e.id)],
    ['jobs.timesheet.sent_home.v1', (ctx, tx, d, e) => settleTimesheet(ctx, tx, 'sent_home', d, d, e.id)],
    ['jobs.job.edit_requested.v1', (ctx, tx, d) => requestEdit(ctx, tx, d)],
    ['jobs.job.edited.v1', (ctx, tx, d) => applyEdit(ctx, tx, d)],
    ['jobs.job.edit_dropped.v1', (ctx, tx, d) => dropEdit(ctx, tx, d)],
    // Issue 38 (instant payout): no-shows on a chef's record, for the free rule. Any other mark (a checkout's
    // two) is taken without a transaction: it changes nothing here.
    [
      'jobs.reliability.recorded.v1',
      onlyWhen<PaymentsContext, 'jobs.reliability.recorded.v1'>(isChefNoShow, (ctx, tx, d) =>
        recordNoShow(ctx, tx, d),
      ),
    ],
    // Issue 39: a no-show removed on appeal no longer counts against the free rule.
    [
      'jobs.mark.removed.v1',
      onlyWhen<PaymentsContext, 'jobs.mark.removed.v1'>(isChefNoShow, (ctx, tx, d) =>
        removeNoShowMark(ctx, tx, d),
      ),
    ],
  ]).map((s) => (s.types.some((t) => REFUSING_LOUDLY.has(t)) ? refusingLoudly(ctx, s) : s));
}

/**
 * A money decision whose figures payments refuses (DecisionRefused) rolls its handler's transaction back and
 * is dead-lettered at once; the anomaly that says why is then written in a transaction of its own.
 */
function refusingLoudly(ctx: PaymentsContext, subscription: Subscription): Subscription {
  return {
    ...subscription,
    async handler(event) {
      try {
        await subscription.handler(event);
      } catch (err) {
        if (err instanceof DecisionRefused) await recordRefusedDecision(ctx, event, err);
        throw err;
      }
    },
  };
}
