import type { EventHandlerOf } from '@brigade/kit';
import type { JobsContext } from '../context';
import { countThreadMessage } from '../use-cases/count-thread-message';

/** Read model of the job's message thread size (the operator weighs a dispute with it); once per event. */
export const onMessageSent: EventHandlerOf<JobsContext, 'messaging.message.sent.v1'> = (ctx, tx, data) =>
  countThreadMessage(ctx, tx, data.job_id);
