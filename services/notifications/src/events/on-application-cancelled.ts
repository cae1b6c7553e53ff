import { recordApplication, recordJob } from '../db/read-model.repository';
import { queueSms } from '../use-cases/queue-sms';
import { dropReminders } from '../use-cases/reminders';
import { applicationVars, jobFactsOf, type Handler } from './handler';

/**
 * The chef cancelled (or Brigade did, `cancelled_by: system`, when an operator suspended them): the restaurant is told (a confirmed shift that reopens, and whether it was late, as it
 * counts on the chef's record); any reminder for that application is dropped.
 */
export const onApplicationCancelled: Handler<'jobs.application.cancelled.v1'> = async (ctx, tx, d) => {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await recordApplication(ctx.database, tx, d, 'cancelled');
  await dropReminders(ctx, tx, { applicationId: d.application_id }, 'application_cancelled');
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'application_cancelled',
    vars: {
      ...applicationVars(d),
      was_accepted: d.was_accepted,
      was_confirmed: d.was_confirmed,
      late: d.late,
      cancelled_by: d.cancelled_by,
    },
    dedupeKey: `application_cancelled:${d.application_id}`,
  });
};
