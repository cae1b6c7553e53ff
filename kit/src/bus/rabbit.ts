import amqp, { type Channel, type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import type { EventEnvelope } from '@brigade/contracts';
import { isDependencyUnavailable } from '../errors';
import type { Logger } from '../logger';
import { deleteAll, messageCounts } from './rabbit-admin';
import { deliverySpan, publishSpan } from './rabbit-tracing';
import {
  peekDeadLetters,
  peekDeadLetterScopes,
  redriveDeadLetters,
  type DeadLetterScope,
  type PeekedDeadLetters,
} from './rabbit-dead-letters';
import { retireClassicQueue, type RetireResult } from './rabbit-retire';
import {
  attemptsOf,
  parse,
  parkedCopy,
  recipientsOf,
  untypedMessage,
  routeOf,
  subjectOf,
  type Parsed,
} from './rabbit-messages';
import {
  deadLetterQueueOptions,
  isWorkQueue,
  queuesOf,
  retryQueueOptions,
  serviceOf,
  workQueueOf,
  workQueueOptions,
} from './rabbit-topology';
import type { DeadLetter, EventBus, QueueDepth, Subscription } from './types';
import { PoisonMessage } from './validate';

export interface RabbitBusOptions {
  url: string;
  logger: Logger;
  /** Topic exchange all events go through. */
  exchange?: string;
  /** Prefix for queue names (tests use one per run so they never share queues). */
  queuePrefix?: string;
  /** Backoff between attempts; after the last one the message goes to the service's `.dlq`. */
  retryDelaysMs?: number[];
  /**
   * Deliveries handled at once per process (default 4; each work queue's prefetch). Events about one subject
   * (the job, the application, the user) run one after the other in delivery order; only different subjects
   * overlap. Retries were never ordered: handlers are written for that.
   */
  prefetch?: number;
}

/**
 * RabbitMQ event bus (ADRs 3 and 15): durable topic exchange, publisher confirms; per service one quorum work
 * queue bound to every type its subscriptions handle, each delivery dispatched by type to their handlers; quorum
 * TTL retry queues that dead-letter back to it and a quorum `.dlq`. Subscriptions keep their logical names
 * (`<service>.<name>`: idempotency records, dead letters, redrive). Reconnects with backoff.
 */
export class RabbitBus implements EventBus {
  readonly kind = 'rabbitmq' as const;
  private connection: ChannelModel | null = null;
  private publisher: ConfirmChannel | null = null;
  private readonly subs: Subscription[] = [];
  /** Per service, the channel consuming its work queue. */
  private readonly consumers = new Map<string, { channel: Channel; tag: string }>();
  private readonly starting = new Map<string, Promise<void>>();
  private readonly inFlight = new Set<Promise<void>>();
  /** Event types (or subscriptions) handed to this process that it has no handler for, logged once each. */
  private readonly unhandled = new Set<string>();
  /** Per work queue and subject, the tail of the chain of events in hand (same subject: one at a time). */
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
    await publishSpan(
      this.exchange,
      event,
      (headers) =>
        new Promise<void>((resolve, reject) => {
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
              headers,
            },
            (err) => (err ? reject(err) : resolve()),
          );
        }),
    );
  }

  async subscribe(subs: Subscription | readonly Subscription[]): Promise<void> {
    // A whole table is taken before any consumer starts: a consumer started for its first row would meet the
    // events already waiting for the later rows (a restart), find no handler, and requeue them until the
    // delivery limit dead-lettered them.
    const added = Array.isArray(subs) ? [...subs] : [subs as Subscription];
    this.subs.push(...added);
    if (!this.connection) return;
    for (const service of new Set(added.map((s) => serviceOf(s.queue)))) {
      // One consumer per service, even when subscriptions arrive side by side; then bind these ones' types.
      if (!this.consumers.has(service)) {
        const pending = this.starting.get(service) ?? this.startConsumer(service);
        this.starting.set(service, pending);
        await pending.finally(() => this.starting.delete(service));
      }
      const consumer = this.consumers.get(service);
      if (!consumer) continue; // the connection dropped: reconnecting binds every subscription's types
      for (const type of new Set(added.filter((s) => serviceOf(s.queue) === service).flatMap((s) => s.types)))
        await consumer.channel.bindQueue(this.workQueue(service), this.exchange, type);
    }
  }

  /** Broker name of a service's work queue (`[<prefix>.]<service>.events`). */
  workQueue(service: string) {
    return this.queueName(workQueueOf(service));
  }

  /** Messages waiting in a subscription's dead letters, or in all of a service's (`<service>.events`). */
  async deadLetterCount(queue: string): Promise<number> {
    return (await this.peekDeadLetters(queue, 0, Number.MAX_SAFE_INTEGER)).count;
  }

  /** Each service's work queue: its ready messages (consumer lag) and dead letters (none yet: 0). */
  async queueDepths(): Promise<QueueDepth[]> {
    const conn = this.requireConnection();
    const out: QueueDepth[] = [];
    for (const service of this.services()) {
      const name = this.workQueue(service);
      const [waiting, deadLetters] = await messageCounts(conn, [name, `${name}.dlq`]);
      out.push({ queue: workQueueOf(service), waiting, deadLetters });
    }
    return out;
  }

  /** The subscriptions on this bus (`<service>.<name>`, without the namespace prefix). */
  subscribedQueues(): string[] {
    return [...new Set(this.subs.map((s) => s.queue))];
  }

  /** Look at a subscription's dead letters (or all of a service's) without taking them (rabbit-dead-letters). */
  async peekDeadLetters(
    queue: string,
    latest = 10,
    scan = 500,
  ): Promise<{ count: number; latest: DeadLetter[] }> {
    return peekDeadLetters(this.requireConnection(), this.scope(queue), queue, latest, scan);
  }

  /**
   * The dead letters of several subscriptions of one service, its dead-letter queue read once for all of them
   * (the console's list), in the order asked.
   */
  async peekServiceDeadLetters(queues: string[], latest = 10, scan = 500): Promise<PeekedDeadLetters[]> {
    const scopes = queues.map((queue) => ({ scope: this.scope(queue), display: queue }));
    return peekDeadLetterScopes(this.requireConnection(), scopes, latest, scan);
  }

  /** Move a subscription's dead letters (or all of a service's) back onto its work queue. Returns how many. */
  async redrive(queue: string): Promise<number> {
    return redriveDeadLetters(this.requireConnection(), this.scope(queue));
  }

  /**
   * Retire a classic queue of the earlier per-subscription topology (`<service>.<name>`, with its retry and
   * dead-letter queues) once no old instance consumes it: its messages move to the service's queues (ADR 15).
   */
  async retireClassicQueue(queue: string): Promise<RetireResult> {
    const work = this.workQueue(serviceOf(queue));
    return retireClassicQueue(this.requireConnection(), this.queueName(queue), work, queue, this.delays);
  }

  /** Delete this bus's queues and exchange (tests). */
  async destroy(): Promise<void> {
    const queues = this.services().flatMap((service) => queuesOf(this.workQueue(service), this.delays));
    const exchange = this.exchange !== 'brigade.events' ? this.exchange : undefined;
    await deleteAll(this.requireConnection(), queues, exchange);
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
    for (const service of this.services()) await this.startConsumer(service);
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

  /** The services with subscriptions on this bus (one in a service's process, all in the embedded one). */
  private services(): string[] {
    return [...new Set(this.subs.map((s) => serviceOf(s.queue)))];
  }

  /** Which dead letters `queue` (a subscription, or a service's `<service>.events`) means. */
  private scope(queue: string): DeadLetterScope {
    const service = serviceOf(queue);
    const whole = isWorkQueue(queue);
    return {
      work: this.workQueue(service),
      subscription: whole ? null : queue,
      types: whole ? [] : this.subs.filter((s) => s.queue === queue).flatMap((s) => s.types),
    };
  }

  /**
   * Declare a service's quorum queues (work, retries, dead letters; rabbit-topology), bind the work queue to
   * every type its subscriptions handle and consume it: one channel per service.
   */
  private async startConsumer(service: string) {
    const conn = this.requireConnection();
    const work = this.workQueue(service);
    const channel = await conn.createChannel();
    channel.on('error', () => undefined);
    await channel.assertExchange(this.exchange, 'topic', { durable: true });
    await channel.assertQueue(`${work}.dlq`, deadLetterQueueOptions());
    for (const delay of this.delays)
      await channel.assertQueue(`${work}.retry.${delay}`, retryQueueOptions(work, delay));
    await channel.assertQueue(work, workQueueOptions(work));
    const types = new Set(this.subs.filter((s) => serviceOf(s.queue) === service).flatMap((s) => s.types));
    for (const type of types) await channel.bindQueue(work, this.exchange, type);
    await channel.prefetch(this.concurrency);
    const { consumerTag } = await channel.consume(work, (msg) => {
      if (msg) this.dispatch(service, channel, msg);
    });
    this.consumers.set(service, { channel, tag: consumerTag });
  }

  /**
   * Hand a delivery to the subscriptions it is for: the one its header names (a retry, a redriven dead
   * letter), else every subscription of the service handling its type. Events about the same subject run one
   * after the other in delivery order; the delivery is acknowledged once each subscription handled it or
   * parked its copy for a retry.
   */
  private dispatch(service: string, channel: Channel, msg: ConsumeMessage) {
    const work = this.workQueue(service);
    const parsed = parse(msg);
    const recipients = recipientsOf(this.subs, service, msg, parsed);
    if (recipients?.length === 0) {
      // For a subscription this instance does not have: one of a newer version (a rolling upgrade) may take
      // it; if none does, the work queue's delivery limit dead-letters it (a binding a removed subscription left).
      if (!this.unhandled.has(routeOf(msg))) {
        this.unhandled.add(routeOf(msg));
        this.options.logger.warn(
          { queue: work, route: routeOf(msg) },
          'no subscription here handles this event',
        );
      }
      channel.nack(msg, false, true);
      return;
    }
    const handlers = recipients ?? [untypedMessage(service)];
    // Unparseable messages have no subject: delivered alone.
    const subject = 'event' in parsed ? subjectOf(parsed.event) : null;
    const key = subject ? `${work}|${subject}` : null;
    const before = key ? this.chains.get(key) : undefined;
    const run = async () => {
      try {
        await deliverySpan(work, msg, async () => {
          for (const sub of handlers) await this.deliver(work, sub, msg, parsed);
        });
        channel.ack(msg);
      } catch {
        // Could not park a copy for a retry: give the delivery back untouched; it will be redelivered.
        try {
          channel.nack(msg, false, true);
        } catch {
          /* channel gone: the broker redelivers unacked messages */
        }
      }
    };
    const job = (before ?? Promise.resolve())
      .then(() => this.withSlot(run))
      .finally(() => {
        this.inFlight.delete(job);
        if (key && this.chains.get(key) === job) this.chains.delete(key);
      });
    if (key) this.chains.set(key, job);
    this.inFlight.add(job);
  }

  private get concurrency() {
    return Math.max(1, this.options.prefetch ?? 4);
  }

  /** At most `concurrency` deliveries at once in this process, whatever the queue (database pool headroom). */
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

  /**
   * Run one subscription's handler on a delivery. When it throws, a copy naming the subscription goes to the
   * retry queue of its attempt or, after the last one (or at once when it breaks its contract), to the
   * dead-letter queue; throws only when that copy could not be parked.
   */
  private async deliver(work: string, sub: Subscription, msg: ConsumeMessage, parsed: Parsed) {
    const attempt = attemptsOf(msg, sub.queue) + 1;
    try {
      if ('error' in parsed) throw parsed.error;
      await sub.handler(parsed.event);
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
          ? `${work}.dlq`
          : `${work}.retry.${this.delays[recorded - 1]}`;
      const log = target.endsWith('.dlq') ? 'error' : 'warn';
      this.options.logger[log](
        { queue: work, subscription: sub.queue, attempt, err: message, to: target },
        'event handler failed',
      );
      const publisher = this.publisher;
      if (!publisher) throw new Error('RabbitMQ is not connected');
      await new Promise<void>((resolve, reject) =>
        publisher.sendToQueue(target, msg.content, parkedCopy(msg, sub.queue, recorded, message), (e) =>
          e ? reject(e) : resolve(),
        ),
      );
    }
  }
}
