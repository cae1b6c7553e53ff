import type { Handler } from './handler';
import { passCheckoutDeadline } from '../use-cases/pass-checkout-deadline';

/**
 * The checkout deadline passed without both answers: the answer given stands (or the shift is paid out when
 * nobody answered). Reminders left are dropped and both sides read the outcome: paid out, refunded, or under
 * review.
 */
export const onCheckoutDeadlinePassed: Handler<'jobs.checkout.deadline_passed.v1'> = (ctx, tx, d) =>
  passCheckoutDeadline(ctx, tx, d);
