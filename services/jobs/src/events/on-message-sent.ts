import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { countMessage } from '../db/disputes.repository';

/** Read model of the job's message thread size (the operator weighs a dispute with it); once per event. */
export function onMessageSent(_ctx: JobsContext) {
  return (tx: Tx, data: EventData<'messaging.message.sent.v1'>) => countMessage(tx, data.job_id);
}
