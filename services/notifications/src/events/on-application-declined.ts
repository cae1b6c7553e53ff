import { recordApplication, recordJob } from '../db/read-model.repository';
import { queueSms } from '../use-cases/queue-sms';
import { dropReminders } from '../use-cases/reminders';
import { applicationVars, jobFactsOf, type Handler } from './handler';

/** The chef declined an acceptance: the restaurant is told (the job reopens). */
export const onApplicationDeclined: Handler<'jobs.application.declined.v1'> = async (ctx, tx, d) => {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await recordApplication(ctx.database, tx, d, 'declined');
  await dropReminders(ctx, tx, { applicationId: d.application_id }, 'application_declined');
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'application_declined',
    vars: applicationVars(d),
    dedupeKey: `application_declined:${d.application_id}`,
  });
};
