import { markCheckedOut } from '../db/read-model';
import { dropReminders } from '../use-cases/reminders';
import type { HandlerFactory } from './handler';

/** Both sides checked out: no rating reminders left to send (payments' events bring the money texts). */
export const onCheckoutCompleted: HandlerFactory<'jobs.checkout.completed.v1'> = (ctx) => async (tx, d) => {
  await markCheckedOut(ctx.database, tx, d.application_id, 'both');
  await dropReminders(ctx, tx, { applicationId: d.application_id, kind: 'rating_reminder' }, 'checked_out');
};
