import { recordApplication, recordJob } from '../db/read-model';
import { queueSms } from '../use-cases/queue-sms';
import { rescheduleJobReminders } from '../use-cases/reminders';
import { applicationVars, jobFactsOf, type HandlerFactory } from './handler';

/** A chef applied: the restaurant is texted. */
export const onApplicationSubmitted: HandlerFactory<'jobs.application.submitted.v1'> =
  (ctx) => async (tx, d) => {
    await recordJob(ctx.database, tx, jobFactsOf(d));
    await rescheduleJobReminders(ctx, tx, d.job_id);
    await recordApplication(ctx.database, tx, d, 'pending');
    await queueSms(ctx, tx, {
      recipientId: d.restaurant_id,
      template: 'application_submitted',
      vars: applicationVars(d),
      dedupeKey: `application_submitted:${d.application_id}`,
    });
  };
