import type { ChannelModel, GetMessage } from 'amqplib';
import type { DeadLetter } from './types';
import { deadLetterOf, failedAt } from './rabbit-messages';
import { SUBSCRIPTION_HEADER } from './rabbit-topology';

// A service's dead-letter queue (`<service>.events.dlq`) holds the dead letters of all its subscriptions, each
// copy naming its subscription in a header. These read and move them: all of them, or one subscription's.

/** Which dead letters an operation is about: a subscription's (and the untagged ones of its types), or all. */
export interface DeadLetterScope {
  /** Broker name of the service's work queue; its dead letters are in `<work>.dlq`. */
  work: string;
  /** The subscription (`<service>.<name>`), or null for every dead letter of the service. */
  subscription: string | null;
  /** The event types of that subscription, for dead letters the broker itself parked (no header). */
  types: string[];
}

/** The subscription a dead-lettered (or retried) copy belongs to, when it says. */
export function subscriptionOf(msg: GetMessage): string | null {
  const value = msg.properties.headers?.[SUBSCRIPTION_HEADER];
  return typeof value === 'string' ? value : null;
}

function matches(scope: DeadLetterScope, msg: GetMessage): boolean {
  if (scope.subscription === null) return true;
  const owner = subscriptionOf(msg);
  if (owner) return owner === scope.subscription;
  const type = typeof msg.properties.type === 'string' ? msg.properties.type : null;
  return type !== null && scope.types.includes(type);
}

/** One subscription's (or the whole service's) dead letters as a look found them. */
export interface PeekedDeadLetters {
  count: number;
  latest: DeadLetter[];
}

/**
 * Look at dead letters without taking them: for each scope, the count and the newest `latest` of the first `scan`
 * messages of the service's dead-letter queue (newest first, by when they failed). The scopes must share one
 * work queue: the queue is read once, however many subscriptions ask (the console lists every subscription of a
 * service, and reading the queue once per subscription cost a round trip per message per subscription). The
 * messages are fetched unacknowledged on a channel of their own and all given back with nack(requeue) before the
 * channel closes; nothing is lost if this process dies meanwhile (the broker requeues a closed channel's unacked
 * messages). While held they are invisible to a redrive running at that instant, which then leaves them for the
 * next redrive (nothing else consumes a `.dlq`).
 */
export async function peekDeadLetterScopes(
  conn: ChannelModel,
  scopes: Array<{ scope: DeadLetterScope; display: string }>,
  latest: number,
  scan: number,
): Promise<PeekedDeadLetters[]> {
  if (scopes.length === 0) return [];
  const work = scopes[0].scope.work;
  if (scopes.some(({ scope }) => scope.work !== work))
    throw new Error('peekDeadLetterScopes: every scope must share one work queue');
  const name = `${work}.dlq`;
  const ch = await conn.createChannel();
  ch.on('error', () => undefined);
  const seen = scopes.map(() => [] as Array<DeadLetter & { at: number }>);
  try {
    const total = (await ch.checkQueue(name)).messageCount;
    let held = 0;
    try {
      while (held < Math.min(total, scan)) {
        const msg = await ch.get(name, { noAck: false });
        if (!msg) break;
        held++;
        scopes.forEach(({ scope, display }, i) => {
          if (matches(scope, msg))
            seen[i].push({ ...deadLetterOf(subscriptionOf(msg) ?? display, msg), at: failedAt(msg) });
        });
      }
    } finally {
      if (held > 0) ch.nackAll(true);
    }
  } finally {
    await ch.close().catch(() => undefined);
  }
  return seen.map((letters) => {
    const ordered = letters.sort((a, b) => a.at - b.at).map(({ at: _at, ...letter }) => letter);
    return { count: ordered.length, latest: latest > 0 ? ordered.slice(-latest).reverse() : [] };
  });
}

/** One scope's dead letters (`peekDeadLetterScopes` for one). */
export async function peekDeadLetters(
  conn: ChannelModel,
  scope: DeadLetterScope,
  display: string,
  latest: number,
  scan: number,
): Promise<PeekedDeadLetters> {
  const [peeked] = await peekDeadLetterScopes(conn, [{ scope, display }], latest, scan);
  return peeked;
}

/**
 * Move dead letters back onto the service's work queue (after a fix), each still naming its subscription so
 * only that one handles it again. The others are held unacknowledged meanwhile and given back at the end.
 * Returns how many moved.
 */
export async function redriveDeadLetters(conn: ChannelModel, scope: DeadLetterScope): Promise<number> {
  const name = `${scope.work}.dlq`;
  const ch = await conn.createConfirmChannel();
  let moved = 0;
  let held = 0;
  try {
    for (;;) {
      const msg = await ch.get(name, { noAck: false });
      if (!msg) break;
      if (!matches(scope, msg)) {
        held++;
        continue;
      }
      const headers = { ...(msg.properties.headers ?? {}) };
      delete headers['x-attempt'];
      delete headers['x-error'];
      delete headers['x-delivery-count'];
      const owner = subscriptionOf(msg) ?? scope.subscription;
      if (owner) headers[SUBSCRIPTION_HEADER] = owner;
      ch.sendToQueue(scope.work, msg.content, { ...msg.properties, headers, persistent: true });
      await ch.waitForConfirms();
      ch.ack(msg);
      moved++;
    }
  } finally {
    if (held > 0) ch.nackAll(true);
    await ch.close().catch(() => undefined);
  }
  return moved;
}
