import type { EventEnvelope } from '@brigade/contracts';
import { isDependencyUnavailable } from '../errors';
import type { Logger } from '../logger';
import type { DeadLetter, EventBus, QueueDepth, Subscription } from './types';
import { parseEnvelope, PoisonMessage } from './validate';

interface Pending {
  raw: string;
  attempt: number;
}

interface QueueState {
  sub: Subscription;
  items: Pending[];
  running: boolean;
}

/**
 * The embedded default's bus: same contract as the RabbitMQ bus (topic routing by type, one queue per
 * subscription, retries with backoff, dead-letter after the last retry) inside one process. Messages live in
 * memory: the outbox is what makes them durable, as with the broker.
 */
export class InProcessBus implements EventBus {
  readonly kind = 'in-process' as const;
  private readonly queues = new Map<string, QueueState>();
  private readonly dead: DeadLetter[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: { retryDelaysMs?: number[]; logger?: Logger } = {}) {}

  isReady() {
    return !this.closed;
  }

  async publish(event: EventEnvelope): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    const raw = JSON.stringify(event);
    for (const q of this.queues.values()) {
      if (q.sub.types.includes(event.type)) this.enqueue(q, { raw, attempt: 0 });
    }
  }

  async subscribe(subs: Subscription | readonly Subscription[]): Promise<void> {
    for (const sub of Array.isArray(subs) ? subs : [subs as Subscription]) this.add(sub);
  }

  private add(sub: Subscription) {
    const existing = this.queues.get(sub.queue);
    if (existing) {
      existing.sub = { ...sub, types: [...new Set([...existing.sub.types, ...sub.types])] };
      return;
    }
    this.queues.set(sub.queue, { sub, items: [], running: false });
  }

  /** The consumer queues subscribed on this bus (every service's, in the embedded default). */
  subscribedQueues(): string[] {
    return [...this.queues.keys()];
  }

  /** Its own counts: events queued in memory (retries waiting on a timer not included) and dead letters. */
  async queueDepths(): Promise<QueueDepth[]> {
    return [...this.queues.entries()].map(([queue, q]) => ({
      queue,
      waiting: q.items.length,
      deadLetters: this.dead.filter((d) => d.queue === queue).length,
    }));
  }

  deadLetters(queue?: string): DeadLetter[] {
    return this.dead.filter((d) => !queue || d.queue === queue);
  }

  /** Put dead letters back on their queue (after a fix). Returns how many. */
  redrive(queue: string): number {
    const q = this.queues.get(queue);
    if (!q) return 0;
    let n = 0;
    for (let i = this.dead.length - 1; i >= 0; i--) {
      if (this.dead[i].queue === queue) {
        this.enqueue(q, { raw: this.dead[i].raw, attempt: 0 });
        this.dead.splice(i, 1);
        n++;
      }
    }
    return n;
  }

  /** Wait until every queue is empty and idle (tests and the embedded runner's shutdown). */
  async drain(timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const busy =
        [...this.queues.values()].some((q) => q.items.length > 0 || q.running) || this.inFlight.size > 0;
      if (!busy) return;
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private enqueue(q: QueueState, item: Pending) {
    q.items.push(item);
    if (!q.running) setImmediate(() => this.pump(q));
  }

  private pump(q: QueueState) {
    if (q.running || this.closed) return;
    const item = q.items.shift();
    if (!item) return;
    q.running = true;
    const work = this.handle(q, item).finally(() => {
      q.running = false;
      this.inFlight.delete(work);
      if (q.items.length > 0) setImmediate(() => this.pump(q));
    });
    this.inFlight.add(work);
  }

  private async handle(q: QueueState, item: Pending) {
    let event: EventEnvelope | null = null;
    try {
      event = parseEnvelope(item.raw);
      await q.sub.handler(event);
    } catch (err) {
      const delays = this.options.retryDelaysMs ?? [1000, 5000, 30000];
      const message = err instanceof Error ? err.message : String(err);
      // The database is down: wait for it at the longest backoff instead of running out of attempts.
      const waiting = !(err instanceof PoisonMessage) && isDependencyUnavailable(err);
      const attempt = waiting ? Math.min(item.attempt + 1, delays.length) : item.attempt + 1;
      if (err instanceof PoisonMessage || attempt > delays.length) {
        this.options.logger?.error(
          { queue: q.sub.queue, err: message, attempts: attempt },
          'event dead-lettered',
        );
        this.dead.push({ queue: q.sub.queue, event, raw: item.raw, error: message, attempts: attempt });
        return;
      }
      this.options.logger?.warn(
        { queue: q.sub.queue, err: message, attempt },
        'event handler failed; will retry',
      );
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          if (!this.closed) this.enqueue(q, { raw: item.raw, attempt });
        },
        delays[attempt - 1],
      );
      this.timers.add(timer);
    }
  }
}
