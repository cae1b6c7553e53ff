import type { Channel, ChannelModel } from 'amqplib';

// Broker housekeeping over AMQP, one throwaway channel per operation (a refusal closes its channel).

async function onChannel<T>(conn: ChannelModel, fn: (ch: Channel) => Promise<T>): Promise<T> {
  const ch = await conn.createChannel();
  ch.on('error', () => undefined);
  try {
    return await fn(ch);
  } finally {
    await ch.close().catch(() => undefined);
  }
}

/** A queue's counts, or null when the broker has no queue of that name. */
export function inspectQueue(conn: ChannelModel, name: string) {
  return onChannel(conn, (ch) => ch.checkQueue(name)).catch(() => null);
}

/** Messages ready in each queue (consumer lag; a queue the broker does not have counts 0). */
export async function messageCounts(conn: ChannelModel, names: string[]): Promise<number[]> {
  const out: number[] = [];
  for (const name of names) out.push((await inspectQueue(conn, name))?.messageCount ?? 0);
  return out;
}

/** Delete queues, and an exchange when named; what is already gone is skipped. */
export async function deleteAll(conn: ChannelModel, queues: string[], exchange?: string): Promise<void> {
  for (const q of queues) await onChannel(conn, (ch) => ch.deleteQueue(q)).catch(() => undefined);
  if (exchange) await onChannel(conn, (ch) => ch.deleteExchange(exchange)).catch(() => undefined);
}
