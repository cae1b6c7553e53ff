import amqp, { type Channel, type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import type { EventEnvelope } from '@brigade/contracts';
import { isDependencyUnavailable } from '../errors';
import type { Logger } from '../logger';
import { deadLetterOf, parse, subjectOf, type Parsed } from './rabbit-messages';
import type { DeadLetter, EventBus, QueueDepth, Subscription } from './types';
import { PoisonMessage } from './validate';

export interface RabbitBusOptions {
  url: string;
  logger: Logger;
  /** Topic exchange all events go through. */
  exchange?: string;
  /** Prefix for queue names (tests use one per run so they never share queues). */
  queuePrefix?: string;
  /** Backoff between attempts; after the last one the message goes to `<queue>.dlq`. */
  retryDelaysMs?: number[];
  /**
   * Events handled at once per queue and per process (default 4). Events about the same subject (the job,
   * the application, the user) still run one after the other, in delivery order; only different subjects
   * overlap, so a burst (twenty checkouts at once) no longer waits in single file. Retries were never
   * ordered (a failed event waits in its retry queue while later ones proceed): handlers are written for
   * that already.
   */
  prefetch?: number;
}

/**
 * RabbitMQ event bus: durable topic exchange, a durable queue per subscription bound by event type,
 * publisher confirms, retry queues with a TTL that dead-letter back to the work queue, and a `.dlq` queue
 * for messages that keep failing or break their contract. Reconnects with backoff; consumers are re-created.
 */
export class RabbitBus implements EventBus {
  readonly kind = 'rabbitmq' as const;
  private connection: ChannelModel | null = null;
  private publisher: ConfirmChannel | null = null;
  private readonly subs: Subscription[] = [];
  private readonly consumers = new Map<string, { channel: Channel; tag: string }>();
  private readonly inFlight = new Set<Promise<void>>();
  /** Per queue and subject, the tail of the chain of events in hand (same subject: one at a time). */
  private readonly chains = new Map<string, Promise<void>>();
  /** Handlers running now across all queues of this process, and those waiting for a turn. */
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private connecting: Promise<void> | null = null;
  private closing = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private backoffMs = 250;
  readonly exchange: string;
  private readonly delays: number[];

  constructor(private readonly options: RabbitBusOptions) {
    this.exchange = options.exchange ?? 'brigade.events';
    this.delays = options.retryDelaysMs ?? [1000, 5000, 30000];
  }

  /** Connect once; throws when the broker is unreachable (a service fails its boot, CI fails its tests). */
  async connect(): Promise<void> {
    if (this.connection) return;
    if (!this.connecting) this.connecting = this.open().finally(() => (this.connecting = null));
    await this.connecting;
  }

  isReady() {
    return this.connection !== null && this.publisher !== null;
  }

  queueName(queue: string) {
    return this.options.queuePrefix ? `${this.options.queuePrefix}.${queue}` : queue;
  }

  async publish(event: EventEnvelope): Promise<void> {
    const channel = this.publisher;
    if (!channel) throw new Error('RabbitMQ is not connected');
    await new Promise<void>((resolve, reject) => {
      channel.publish(
        this.exchange,
        event.type,
        Buffer.from(JSON.stringify(event)),
        {
          persistent: true,
          contentType: 'application/json',
          messageId: event.id,
          type: event.type,
          timestamp: Math.floor(Date.parse(event.occurred_at) / 1000),
          headers: event.traceparent ? { traceparent: event.traceparent } : {},
        },
        (err) => (err ? reject(err) : resolve()),
      );
    });
  }

  async subscribe(sub: Subscription): Promise<void> {
    this.subs.push(sub);
    if (this.connection) await this.startConsumer(sub);
  }

  /** Messages waiting in a queue's dead-letter queue. */
  async deadLetterCount(queue: string): Promise<number> {
    const ch = await this.requireConnection().createChannel();
    try {
      const q = await ch.checkQueue(`${this.queueName(queue)}.dlq`);
      return q.messageCount;
    } finally {
      await ch.close().catch(() => undefined);
    }
  }

  /**
   * Each subscribed queue's ready messages (consumer lag) and dead letters, from the broker (`checkQueue`, on a
   * channel of its own). A queue the broker does not have (yet) counts 0.
   */
  async queueDepths(): Promise<QueueDepth[]> {
    const conn = this.requireConnection();
    let ch = await conn.createChannel();
    ch.on('error', () => undefined);
    const count = async (name: string) => {
      try {
        return (await ch.checkQueue(name)).messageCount;
      } catch {
        // a missing queue closes the channel: carry on with a new one
        ch = await conn.createChannel();
        ch.on('error', () => undefined);
        return 0;
      }
    };
    try {
      const out: QueueDepth[] = [];
      for (const queue of this.subscribedQueues()) {
        const name = this.queueName(queue);
        out.push({ queue, waiting: await count(name), deadLetters: await count(`${name}.dlq`) });
      }
      return out;
    } finally {
      await ch.close().catch(() => undefined);
    }
  }

  /** The consumer queues subscribed on this bus (`<service>.<name>`, without the namespace prefix). */
  subscribedQueues(): string[] {
    return [...new Set(this.subs.map((s) => s.queue))];
  }

  /**
   * Look at a queue's dead letters without taking them: the count, and the newest `latest` of the first
   * `scan` messages (newest first). The messages are fetched unacknowledged on a channel of their own and all
   * given back with nack(requeue) before the channel closes; RabbitMQ puts requeued messages back in their
   * place. Nothing is lost if this process dies meanwhile: the broker requeues a closed channel's unacked
   * messages. While held they are invisible to a redrive running at that instant, which then leaves them in
   * the dead-letter queue for the next redrive (nothing else consumes a `.dlq`).
   */
  async peekDeadLetters(
    queue: string,
    latest = 10,
    scan = 500,
  ): Promise<{ count: number; latest: DeadLetter[] }> {
    const name = `${this.queueName(queue)}.dlq`;
    const ch = await this.requireConnection().createChannel();
    ch.on('error', () => undefined);
    const seen: DeadLetter[] = [];
    let count = 0;
    try {
      count = (await ch.checkQueue(name)).messageCount;
      let held = 0;
      try {
        while (held < Math.min(count, scan)) {
          const msg = await ch.get(name, { noAck: false });
          if (!msg) break;
          held++;
          seen.push(deadLetterOf(queue, msg));
        }
      } finally {
        if (held > 0) ch.nackAll(true);
      }
    } finally {
      await ch.close().catch(() => undefined);
    }
    return { count, latest: seen.slice(-latest).reverse() };
  }

  /** Move every dead letter of a queue back onto the queue (after a fix). Returns how many. */
  async redrive(queue: string): Promise<number> {
    const name = this.queueName(queue);
    const ch = await this.requireConnection().createConfirmChannel();
    let moved = 0;
    try {
      for (;;) {
        const msg = await ch.get(`${name}.dlq`, { noAck: false });
        if (!msg) break;
        const headers = { ...(msg.properties.headers ?? {}) };
        delete headers['x-attempt'];
        delete headers['x-error'];
        ch.sendToQueue(name, msg.content, { ...msg.properties, headers, persistent: true });
        await ch.waitForConfirms();
        ch.ack(msg);
        moved++;
      }
    } finally {
      await ch.close().catch(() => undefined);
    }
    return moved;
  }

  /** Delete this bus's queues and exchange (tests). */
  async destroy(): Promise<void> {
    const conn = this.requireConnection();
    const ch = await conn.createChannel();
    for (const sub of this.subs) {
      const name = this.queueName(sub.queue);
      for (const q of [name, `${name}.dlq`, ...this.delays.map((d) => `${name}.retry.${d}`)]) {
        await ch.deleteQueue(q).catch(() => undefined);
      }
    }
    if (this.exchange !== 'brigade.events') await ch.deleteExchange(this.exchange).catch(() => undefined);
    await ch.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const { channel, tag } of this.consumers.values()) await channel.cancel(tag).catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
    const conn = this.connection;
    this.connection = null;
    this.publisher = null;
    if (conn) await conn.close().catch(() => undefined);
  }

  private requireConnection(): ChannelModel {
    if (!this.connection) throw new Error('RabbitMQ is not connected');
    return this.connection;
  }

  private async open(): Promise<void> {
    const url = new URL(this.options.url);
    if (!url.searchParams.has('heartbeat')) url.searchParams.set('heartbeat', '10');
    const conn = await amqp.connect(url.toString());
    conn.on('error', (err) => this.options.logger.warn({ err: err.message }, 'rabbitmq connection error'));
    conn.on('close', () => this.onConnectionLost());
    const publisher = await conn.createConfirmChannel();
    publisher.on('error', () => undefined);
    await publisher.assertExchange(this.exchange, 'topic', { durable: true });
    this.connection = conn;
    this.publisher = publisher;
    this.consumers.clear();
    for (const sub of this.subs) await this.startConsumer(sub);
    this.backoffMs = 250;
    this.options.logger.info({ exchange: this.exchange }, 'rabbitmq connected');
  }

  private onConnectionLost() {
    this.connection = null;
    this.publisher = null;
    this.consumers.clear();
    if (this.closing) return;
    this.options.logger.warn({ retryInMs: this.backoffMs }, 'rabbitmq connection lost; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.reconnectTimer || this.closing) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, 5000);
    this.reconnectTimer = setTimeout(async () => {
      this.reconnectTimer = null;
      try {
        await this.connect();
      } catch (err) {
        this.options.logger.warn({ err: (err as Error).message }, 'rabbitmq reconnect failed');
        this.scheduleReconnect();
      }
    }, delay);
  }

  private async startConsumer(sub: Subscription) {
    const conn = this.requireConnection();
    const name = this.queueName(sub.queue);
    const channel = await conn.createChannel();
    channel.on('error', () => undefined);
    await channel.assertExchange(this.exchange, 'topic', { durable: true });
    await channel.assertQueue(name, { durable: true });
    for (const type of sub.types) await channel.bindQueue(name, this.exchange, type);
    for (const delay of this.delays) {
      await channel.assertQueue(`${name}.retry.${delay}`, {
        durable: true,
        arguments: {
          'x-message-ttl': delay,
          'x-dead-letter-exchange': '',
          'x-dead-letter-routing-key': name,
        },
      });
    }
    await channel.assertQueue(`${name}.dlq`, { durable: true });
    await channel.prefetch(this.concurrency);
    const { consumerTag } = await channel.consume(name, (msg) => {
      if (!msg) return;
      const parsed = parse(msg);
      // Unparseable messages have no subject: delivered alone, and refused as poison by deliver().
      const subject = 'event' in parsed ? subjectOf(parsed.event) : null;
      const key = subject ? `${name}|${subject}` : null;
      const before = key ? this.chains.get(key) : undefined;
      const work = (before ?? Promise.resolve())
        .then(() => this.withSlot(() => this.deliver(sub, channel, msg, parsed)))
        .finally(() => {
          this.inFlight.delete(work);
          if (key && this.chains.get(key) === work) this.chains.delete(key);
        });
      if (key) this.chains.set(key, work);
      this.inFlight.add(work);
    });
    this.consumers.set(sub.queue, { channel, tag: consumerTag });
  }

  private get concurrency() {
    return Math.max(1, this.options.prefetch ?? 4);
  }

  /** At most `concurrency` handlers at once in this process, whatever the queue (database pool headroom). */
  private async withSlot(fn: () => Promise<void>): Promise<void> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      await fn();
    } finally {
      // Hand the slot straight to the next waiter (no window for a newcomer to overtake it).
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  private async deliver(sub: Subscription, channel: Channel, msg: ConsumeMessage, parsed: Parsed) {
    const name = this.queueName(sub.queue);
    const attempt = Number(msg.properties.headers?.['x-attempt'] ?? 0) + 1;
    try {
      if ('error' in parsed) throw parsed.error;
      const event = parsed.event;
      await sub.handler(event);
      channel.ack(msg);
      return;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const poison = err instanceof PoisonMessage;
      // The handler's database (or another server) is down: not the event's fault. It waits for it at the
      // longest backoff as long as it takes instead of running out of attempts and being dead-lettered.
      const waiting = !poison && isDependencyUnavailable(err);
      const recorded = waiting ? Math.min(attempt, this.delays.length) : attempt;
      const target =
        poison || recorded > this.delays.length
          ? `${name}.dlq`
          : `${name}.retry.${this.delays[recorded - 1]}`;
      const log = target.endsWith('.dlq') ? 'error' : 'warn';
      this.options.logger[log]({ queue: name, attempt, err: message, to: target }, 'event handler failed');
      try {
        const publisher = this.publisher;
        if (!publisher) throw new Error('RabbitMQ is not connected');
        await new Promise<void>((resolve, reject) =>
          publisher.sendToQueue(
            target,
            msg.content,
            {
              ...msg.properties,
              persistent: true,
              headers: {
                ...(msg.properties.headers ?? {}),
                'x-attempt': recorded,
                'x-error': message.slice(0, 500),
                'x-queue': name,
              },
            },
            (e) => (e ? reject(e) : resolve()),
          ),
        );
        channel.ack(msg);
      } catch {
        // Could not park it for a retry: give it back to the broker untouched; it will be redelivered.
        try {
          channel.nack(msg, false, true);
        } catch {
          /* channel gone: the broker redelivers unacked messages */
        }
      }
    }
  }
}
