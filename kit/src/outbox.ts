import { randomUUID } from 'node:crypto';
import { context, propagation } from '@opentelemetry/api';
import { eventSchemas, type EventInput, type EventEnvelope, type EventType } from '@brigade/contracts';
import { beforeCommit, sql, type Database, type Executor } from './db';
import type { EventBus } from './bus/types';
import type { Logger } from './logger';
import { WorkLoop } from './work-loop';

/** The transactions an event was written in (`appendEvent`), so only their commits wake the relay. */
const outboxWrites = new WeakSet<object>();

interface PendingEvent {
  id: string;
  type: string;
  payload: string;
  traceparent: string | null;
}

/** Each open transaction's events not yet inserted: written together, in one statement, just before its commit. */
const pendingEvents = new WeakMap<object, PendingEvent[]>();

/** Whether `appendEvent` wrote an event through `tx` (kit's `inTransaction` and `subscribe` ask after `fn`). */
export function wroteToOutbox(tx: Executor): boolean {
  return outboxWrites.has(tx);
}

/**
 * Write an integration event in the same transaction as the state change it reports. The data is checked
 * against its contract here, so a bad event fails the use case instead of reaching a consumer. A transaction's
 * events are inserted together, in the order they were appended, in one statement just before it commits (kit's
 * `beforeCommit`): a checkout that reports six events makes one round trip for them, not six, while it holds its
 * locks (issue 41). Outside a transaction opened by `Database.transaction` the event is inserted at once.
 */
export async function appendEvent<T extends EventType>(
  database: Database,
  tx: Executor,
  type: T,
  data: EventInput<T>,
): Promise<string> {
  const parsed = eventSchemas[type].parse(data);
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  const id = randomUUID();
  const event = { id, type, payload: JSON.stringify(parsed), traceparent: carrier.traceparent ?? null };
  outboxWrites.add(tx);
  const pending = pendingEvents.get(tx);
  if (pending) {
    pending.push(event);
    return id;
  }
  const events = [event];
  pendingEvents.set(tx, events);
  await beforeCommit(tx, async () => {
    pendingEvents.delete(tx); // an event appended by a later hook starts a new batch
    await insertEvents(database, tx, events);
  });
  return id;
}

/** The events' outbox rows, in one statement; their `seq` follows the list's order. */
async function insertEvents(database: Database, tx: Executor, events: PendingEvent[]) {
  const rows = events.map((e) => sql`(${e.id}, ${e.type}, ${e.payload}::jsonb, ${e.traceparent})`);
  await tx.execute(
    sql`insert into ${sql.raw(database.schema)}.outbox (id, type, payload, traceparent) values ${sql.join(rows, sql`, `)}`,
  );
}

export interface OutboxRelayOptions {
  database: Database;
  bus: EventBus;
  producer: string;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
  /**
   * Days a published event is kept (the job timeline of the operator console reads them, ADR 11). Default:
   * `OUTBOX_RETENTION_DAYS` from the environment, else 90.
   */
  retentionDays?: number;
}

export const DEFAULT_OUTBOX_RETENTION_DAYS = 90;

/**
 * How often an idle relay looks for rows no commit of its own process announced (another instance's or a
 * script's commit, a publish that failed, a broker that came back). Every commit through `inTransaction` or a
 * consumer wakes the relay at once, so this only bounds those cases.
 */
export const DEFAULT_RELAY_POLL_MS = 1000;

/** `OUTBOX_RETENTION_DAYS` (whole days, 1 or more); unset or empty: 90. Anything else is refused at boot. */
export function outboxRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.OUTBOX_RETENTION_DAYS?.trim();
  if (!raw) return DEFAULT_OUTBOX_RETENTION_DAYS;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1 || days > 36_500)
    throw new Error(`OUTBOX_RETENTION_DAYS must be a whole number of days (1 or more), not "${raw}"`);
  return days;
}

/**
 * Publishes outbox rows in order, each confirmed by the bus before it is marked published. Safe with several
 * instances (rows are claimed FOR UPDATE SKIP LOCKED; so are the batches of one relay that wait for their
 * confirms side by side). A failed publish leaves the row for the next pass, so a broker outage delays events
 * and loses none; events published after it (its batch's next one) may arrive first, as retries reorder too.
 */
export class OutboxRelay {
  /**
   * Batches published and waiting for the broker's confirms at once. A commit made while one batch waits for
   * its confirms is published by the next at once instead of after them: on a loaded machine the confirms of
   * quorum queues take a while, and events queued behind them one whole pass after another (issue 41). Each
   * batch in flight holds its rows' locks and one connection.
   */
  static readonly BATCHES_IN_FLIGHT = 2;
  private readonly loop: WorkLoop;
  private readonly confirming = new Set<Promise<void>>();
  private lastCleanup = 0;
  readonly retentionDays: number;

  constructor(private readonly options: OutboxRelayOptions) {
    this.retentionDays = options.retentionDays ?? outboxRetentionDays();
    this.loop = new WorkLoop({
      name: `${options.producer} outbox relay`,
      pollMs: options.pollMs ?? DEFAULT_RELAY_POLL_MS,
      logger: options.logger,
      pass: () => this.pass(),
      // an idle relay asks one indexed question (the partial index of unpublished rows) instead of a pass's
      // transaction; the hourly clean-up waits for the next pass that runs
      idleCheck: () => this.hasPending(),
    });
  }

  start() {
    this.loop.start();
  }

  /** Publish now instead of at the next poll (called after a use case commits). */
  kick() {
    this.loop.kick();
  }

  /** Stop the loop, then wait for the batches still waiting for their confirms to be marked. */
  async stop() {
    await this.loop.stop();
    await Promise.allSettled([...this.confirming]);
  }

  /**
   * One pass of the loop: publish a batch and return once it is sent, its confirms and marking left to finish
   * beside the next pass (at most BATCHES_IN_FLIGHT at once). Says "more" (the loop goes on at once) only for a
   * full batch; commits and kicks meanwhile wake the loop anyway.
   */
  private async pass(): Promise<number> {
    while (this.confirming.size >= OutboxRelay.BATCHES_IN_FLIGHT) await Promise.race(this.confirming);
    let announce!: (sent: number) => void;
    const sent = new Promise<number>((resolve) => (announce = resolve));
    const settled = this.publishPending(announce);
    // the batch's size once sent; the whole outcome (or its error) when it ended before (nothing to publish)
    const count = await Promise.race([sent, settled]);
    if (count > 0) {
      const tracked: Promise<void> = settled
        .then(
          () => undefined,
          (err: Error) =>
            this.options.logger.warn(
              { err: err.message, loop: `${this.options.producer} outbox relay` },
              'outbox batch not marked',
            ),
        )
        .finally(() => this.confirming.delete(tracked));
      this.confirming.add(tracked);
    }
    if (Date.now() - this.lastCleanup > 3_600_000) {
      this.lastCleanup = Date.now();
      await this.cleanup();
    }
    return count >= (this.options.batchSize ?? 100) ? count : 0;
  }

  /**
   * Forget published events older than the retention (hourly from the relay's loop). Unpublished rows are
   * never deleted. Returns how many went.
   */
  async cleanup(): Promise<number> {
    const rows = await this.options.database.rows<{ seq: string }>(
      sql`delete from ${sql.raw(this.options.database.schema)}.outbox
           where published_at < now() - make_interval(days => ${this.retentionDays}::int)
       returning seq`,
    );
    return rows.length;
  }

  /**
   * One pass: publish up to a batch. Returns how many were published (confirmed and marked). `sent` hears the
   * batch's size once every event of it was handed to the bus, before the confirms.
   */
  async publishPending(sent?: (count: number) => void): Promise<number> {
    const { database, bus, producer, batchSize = 100 } = this.options;
    if (!bus.isReady()) return 0;
    const schema = sql.raw(database.schema);
    return database.transaction(async (tx) => {
      const rows = await database.rows<{
        seq: string;
        id: string;
        type: string;
        payload: unknown;
        traceparent: string | null;
        occurred_at: Date | string;
      }>(
        sql`select seq, id, type, payload, traceparent, occurred_at from ${schema}.outbox where published_at is null order by seq limit ${batchSize} for update skip locked`,
        tx,
        // one text per service, run after every commit that wrote an event: planned once per connection
        { prepared: true },
      );
      // Publish the whole batch at once on the one confirm channel (in order), then wait for the confirms:
      // the broker confirms them together instead of one round trip (and disk sync) per event. Rows are
      // marked published up to the first refusal; that row and the ones after it are sent again next pass
      // (consumers are idempotent, so a repeat changes nothing). After a refusal (a broker error or a lost
      // connection mid-batch) later events may arrive before the refused one: consumers already cope with
      // that, as retries reorder events too.
      const envelopes: EventEnvelope[] = rows.map((row) => ({
        id: row.id,
        type: row.type,
        occurred_at: new Date(row.occurred_at).toISOString(),
        producer,
        data: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
        ...(row.traceparent ? { traceparent: row.traceparent } : {}),
      }));
      const confirms = Promise.allSettled(envelopes.map((envelope) => bus.publish(envelope)));
      if (rows.length > 0) sent?.(rows.length);
      const outcomes = await confirms;
      const published: string[] = [];
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.status === 'fulfilled') {
          published.push(rows[i].seq);
          continue;
        }
        await tx.execute(
          sql`update ${schema}.outbox set attempts = attempts + 1, last_error = ${String((outcome.reason as Error)?.message ?? outcome.reason).slice(0, 500)} where seq = ${rows[i].seq}`,
        );
        break; // keep order: later rows go again after this one
      }
      if (published.length > 0) {
        await tx.execute(
          sql`update ${schema}.outbox set published_at = now() where seq in (${sql.join(
            published.map((s) => sql`${s}`),
            sql`, `,
          )})`,
        );
      }
      return published.length;
    });
  }

  /** Whether any row waits to be published (one prepared, index-only question). */
  async hasPending(): Promise<boolean> {
    const rows = await this.options.database.rows(
      sql`select 1 from ${sql.raw(this.options.database.schema)}.outbox where published_at is null limit 1`,
      undefined,
      { prepared: true },
    );
    return rows.length > 0;
  }

  /** Rows not yet published (readiness and tests). */
  async pendingCount(): Promise<number> {
    const rows = await this.options.database.rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.raw(this.options.database.schema)}.outbox where published_at is null`,
    );
    return Number(rows[0]?.n ?? 0);
  }
}
