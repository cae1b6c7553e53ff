import type { EventData, EventEnvelope, EventType } from '@brigade/contracts';
import type { Database, Tx } from './db';
import type { Subscription } from './bus/types';
import { idempotent } from './consumer';
import { wroteToOutbox } from './outbox';

/**
 * What the kit needs of every service's context (`<Name>Context`): its database and its outbox relay, which
 * is woken after each commit that wrote events.
 */
export interface TransactionContext {
  database: Database;
  relay: { kick(): void };
}

/**
 * Run a state change and its outbox events in one transaction; after the commit, when `fn` wrote an event
 * (`appendEvent` through `tx`), wake the relay so the events leave at once (it also polls). The one way a use
 * case writes: no service calls `relay.kick()` by hand.
 */
export async function inTransaction<T>(ctx: TransactionContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let wrote = false;
  const result = await ctx.database.transaction(async (tx) => {
    const value = await fn(tx);
    wrote = wroteToOutbox(tx);
    return value;
  });
  if (wrote) ctx.relay.kick();
  return result;
}

/** A handler of one event type: it decodes nothing itself (the bus validated the event) and calls a use case. */
export type EventHandlerOf<C, T extends EventType> = (
  ctx: C,
  tx: Tx,
  data: EventData<T>,
  event: EventEnvelope<EventData<T>>,
) => Promise<unknown>;

/**
 * A handler that must not hold a transaction open, because its use case waits on a provider (a translator's
 * time-out): `subscribe` runs it as it is, and its use case writes through `inTransaction` itself and makes
 * itself idempotent (a redelivered event must change nothing). Made with `outsideTransaction`.
 */
export interface OutsideTransactionHandler<C, T extends EventType> {
  readonly outsideTransaction: (
    ctx: C,
    data: EventData<T>,
    event: EventEnvelope<EventData<T>>,
  ) => Promise<unknown>;
}

/** Mark a table row's handler to run outside the subscription's transaction (see `OutsideTransactionHandler`). */
export function outsideTransaction<C, T extends EventType>(
  handler: OutsideTransactionHandler<C, T>['outsideTransaction'],
): OutsideTransactionHandler<C, T> {
  return { outsideTransaction: handler };
}

/**
 * A handler whose use case acts on some events of its type only, told apart by the event's own data (a
 * reliability fact of one kind, a translation of one owner's texts): `subscribe` takes any other event at once,
 * without a transaction. Such an event changes nothing, so nothing need be kept of it: a redelivery is taken
 * the same way. The events it acts on run as any row's do (once per event, in a transaction). Made with
 * `onlyWhen`.
 */
export interface FilteredHandler<C, T extends EventType> {
  readonly acts: (data: EventData<T>) => boolean;
  readonly handler: EventHandlerOf<C, T>;
}

/**
 * Mark a table row's handler to run only for the events `acts` accepts (see `FilteredHandler`). `acts` is the
 * use case's own guard, exported beside it, so the row and the use case cannot disagree.
 */
export function onlyWhen<C, T extends EventType>(
  acts: FilteredHandler<C, T>['acts'],
  handler: EventHandlerOf<C, T>,
): FilteredHandler<C, T> {
  return { acts, handler };
}

/**
 * One row of a service's subscription table: the event type, its handler, and the queue's name when it is
 * not the derived one (`queueName`). Queue names are operational: a renamed queue is a new, empty queue.
 */
export type SubscriptionRow<C, T extends EventType = EventType> = readonly [
  type: T,
  handler: EventHandlerOf<C, T> | OutsideTransactionHandler<C, T> | FilteredHandler<C, T>,
  queue?: string,
];

/**
 * The queue name derived from an event type: the producer and the version dropped, the rest joined with
 * dashes (`jobs.job.cancelled.v1` -> `job-cancelled`, `jobs.checkout.deadline_passed.v1` ->
 * `checkout-deadline-passed`).
 */
export function queueName(type: EventType): string {
  return type.split('.').slice(1, -1).join('-').replaceAll('_', '-');
}

/**
 * A service's subscription table as kit subscriptions: each row's queue is `<service>.<name>`, its handler runs
 * once per event (idempotent: the processed-event record commits with the handler's writes, a throw retries),
 * and after a commit in which the handler wrote events the relay is woken. A handler marked
 * `outsideTransaction` is called as it is (its use case keeps it once per event); one marked `onlyWhen` is
 * not called, and opens no transaction, for an event its use case does not act on.
 */
export function subscribe<C extends TransactionContext, const T extends readonly EventType[]>(
  service: string,
  ctx: C,
  rows: { [K in keyof T]: SubscriptionRow<C, T[K]> },
): Subscription[] {
  return (rows as ReadonlyArray<SubscriptionRow<C>>).map(([type, handler, name]) => {
    const queue = `${service}.${name ?? queueName(type)}`;
    if ('outsideTransaction' in handler) {
      const untransacted = handler as OutsideTransactionHandler<C, typeof type>;
      return {
        queue,
        types: [type],
        keepsOwnRecord: true,
        handler: async (event) => {
          await untransacted.outsideTransaction(
            ctx,
            event.data as EventData<typeof type>,
            event as EventEnvelope<EventData<typeof type>>,
          );
        },
      };
    }
    const [acts, handle] =
      'acts' in handler ? [handler.acts, handler.handler] : [null, handler as EventHandlerOf<C, typeof type>];
    return {
      queue,
      types: [type],
      ...(acts ? { acts: (data: unknown) => acts(data as EventData<typeof type>) } : {}),
      handler: async (event) => {
        if (acts && !acts(event.data as EventData<typeof type>)) return;
        let wrote = false;
        await idempotent(ctx.database, queue, async (tx, data, envelope) => {
          await handle(ctx, tx, data, envelope);
          wrote = wroteToOutbox(tx);
        })(event);
        if (wrote) ctx.relay.kick();
      },
    };
  });
}
