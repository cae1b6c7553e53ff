import { recordCheckoutOutcome, recordJob } from '../db/read-model.repository';
import { closeCheckout } from '../use-cases/close-checkout';
import { jobFactsOf, type Handler } from './handler';

/**
 * The checkout deadline passed without both answers: the answer given stands (or the shift is paid out when
 * nobody answered). Reminders left are dropped and both sides read the outcome: paid out, refunded, or under
 * review.
 */
export const onCheckoutDeadlinePassed: Handler<'jobs.checkout.deadline_passed.v1'> = async (ctx, tx, d) => {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await recordCheckoutOutcome(ctx.database, tx, d.application_id, d.outcome);
  await closeCheckout(ctx, tx, d, { textOutcome: true });
};
