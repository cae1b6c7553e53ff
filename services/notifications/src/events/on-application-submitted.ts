import { recordApplication, recordJob } from '../db/read-model.repository';
import { queueSms } from '../use-cases/queue-sms';
import { rescheduleJobReminders } from '../use-cases/reminders';
import { applicationVars, jobFactsOf, type Handler } from './handler';

/** A chef applied: the restaurant is texted. */
export const onApplicationSubmitted: Handler<'jobs.application.submitted.v1'> = async (ctx, tx, d) => {
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
