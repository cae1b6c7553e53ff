import type { ChannelModel, ConfirmChannel } from 'amqplib';
import { inspectQueue } from './rabbit-admin';
import { SUBSCRIPTION_HEADER } from './rabbit-topology';

// The rolling upgrade to per-service quorum queues (ADR 15): the classic queues of the earlier topology, one
// per subscription (`<service>.<name>`, its `.retry.<ms>` and `.dlq`), are retired once no instance of the old
// version consumes them: what they still hold moves to the service's new queues, each copy naming its
// subscription, and they are deleted.

export interface RetireResult {
  queue: string;
  /** `retired`; `absent` (nothing of that name); `in-use` (an old instance still consumes it: try again later);
   * `no-new-queue` (the new version has not declared the service's work queue yet: deploy it first). */
  outcome: 'retired' | 'absent' | 'in-use' | 'no-new-queue';
  /** Messages moved onto the new work queue (ready and waiting for a retry) and onto its dead-letter queue. */
  moved: number;
  deadLetters: number;
}

/** Move every message of `from` onto `to`, tagged with the subscription it was for. */
async function moveAll(ch: ConfirmChannel, from: string, to: string, subscription: string): Promise<number> {
  let moved = 0;
  for (;;) {
    const msg = await ch.get(from, { noAck: false });
    if (!msg) return moved;
    const headers = { ...(msg.properties.headers ?? {}), [SUBSCRIPTION_HEADER]: subscription };
    ch.sendToQueue(to, msg.content, { ...msg.properties, headers, persistent: true });
    await ch.waitForConfirms();
    ch.ack(msg);
    moved++;
  }
}

/**
 * Retire one classic queue of the earlier topology. `old` and `work` are broker names (with the namespace
 * prefix); `subscription` is the logical name the copies carry; `delays` the retry queues to look for.
 * Messages that reach the old queue while this runs are copies of what the new work queue got too (both are
 * bound to the same types), so deleting it loses nothing; the handlers' idempotency absorbs the duplicates.
 */
export async function retireClassicQueue(
  conn: ChannelModel,
  old: string,
  work: string,
  subscription: string,
  delays: number[],
): Promise<RetireResult> {
  const result: RetireResult = { queue: old, outcome: 'retired', moved: 0, deadLetters: 0 };
  const info = await inspectQueue(conn, old);
  if (!info) return { ...result, outcome: 'absent' };
  if (info.consumerCount > 0) return { ...result, outcome: 'in-use' };
  if (!(await inspectQueue(conn, work)) || !(await inspectQueue(conn, `${work}.dlq`)))
    return { ...result, outcome: 'no-new-queue' };
  const ch = await conn.createConfirmChannel();
  ch.on('error', () => undefined);
  try {
    // Retry queues first: their messages would otherwise dead-letter into the old queue after it is gone.
    for (const delay of delays) {
      const retry = `${old}.retry.${delay}`;
      if (!(await inspectQueue(conn, retry))) continue;
      result.moved += await moveAll(ch, retry, work, subscription);
      await ch.deleteQueue(retry);
    }
    result.moved += await moveAll(ch, old, work, subscription);
    await ch.deleteQueue(old, { ifUnused: true });
    if (await inspectQueue(conn, `${old}.dlq`)) {
      result.deadLetters += await moveAll(ch, `${old}.dlq`, `${work}.dlq`, subscription);
      await ch.deleteQueue(`${old}.dlq`);
    }
  } finally {
    await ch.close().catch(() => undefined);
  }
  return result;
}
