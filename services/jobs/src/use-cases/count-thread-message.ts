import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { countMessage } from '../db/disputes.repository';

/** A message was sent in a job's thread: its size grows by one (the operator weighs a dispute with it). */
export async function countThreadMessage(_ctx: JobsContext, tx: Tx, jobId: string): Promise<void> {
  await countMessage(tx, jobId);
}
