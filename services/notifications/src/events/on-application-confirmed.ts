import { recordApplication, recordJob } from '../db/read-model.repository';
import { queueSms } from '../use-cases/queue-sms';
import { rescheduleJobReminders, scheduleShiftReminders } from '../use-cases/reminders';
import { applicationVars, jobFactsOf, type Handler } from './handler';

/** The chef confirmed: the restaurant is told, and both sides' job and rating reminders are planned. */
export const onApplicationConfirmed: Handler<'jobs.application.confirmed.v1'> = async (ctx, tx, d) => {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await rescheduleJobReminders(ctx, tx, d.job_id);
  await recordApplication(ctx.database, tx, d, 'confirmed');
  await queueSms(ctx, tx, {
    recipientId: d.restaurant_id,
    template: 'application_confirmed',
    vars: applicationVars(d),
    dedupeKey: `application_confirmed:${d.application_id}`,
  });
  await scheduleShiftReminders(ctx, tx, d);
};
