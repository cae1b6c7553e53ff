import { recordApplication, recordJob } from '../db/read-model.repository';
import { queueSms } from '../use-cases/queue-sms';
import { applicationVars, jobFactsOf, type Handler } from './handler';

/** The restaurant rejected a chef: the chef is told. */
export const onApplicationRejected: Handler<'jobs.application.rejected.v1'> = async (ctx, tx, d) => {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await recordApplication(ctx.database, tx, d, 'rejected');
  await queueSms(ctx, tx, {
    recipientId: d.chef_id,
    template: 'application_rejected',
    vars: applicationVars(d),
    dedupeKey: `application_rejected:${d.application_id}`,
  });
};
