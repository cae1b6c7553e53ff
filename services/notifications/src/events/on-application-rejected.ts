import { recordApplication, recordJob } from '../db/read-model';
import { queueSms } from '../use-cases/queue-sms';
import { applicationVars, jobFactsOf, type HandlerFactory } from './handler';

/** The restaurant rejected a chef: the chef is told. */
export const onApplicationRejected: HandlerFactory<'jobs.application.rejected.v1'> =
  (ctx) => async (tx, d) => {
    await recordJob(ctx.database, tx, jobFactsOf(d));
    await recordApplication(ctx.database, tx, d, 'rejected');
    await queueSms(ctx, tx, {
      recipientId: d.chef_id,
      template: 'application_rejected',
      vars: applicationVars(d),
      dedupeKey: `application_rejected:${d.application_id}`,
    });
  };
