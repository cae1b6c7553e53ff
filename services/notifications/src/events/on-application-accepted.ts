import { recordApplication, recordJob } from '../db/read-model.repository';
import { queueSms } from '../use-cases/queue-sms';
import { applicationVars, jobFactsOf, type Handler } from './handler';

/** The restaurant accepted a chef: the chef is texted to confirm. */
export const onApplicationAccepted: Handler<'jobs.application.accepted.v1'> = async (ctx, tx, d) => {
  await recordJob(ctx.database, tx, jobFactsOf(d));
  await recordApplication(ctx.database, tx, d, 'accepted');
  await queueSms(ctx, tx, {
    recipientId: d.chef_id,
    template: 'application_accepted',
    vars: applicationVars(d),
    dedupeKey: `application_accepted:${d.application_id}`,
  });
};
