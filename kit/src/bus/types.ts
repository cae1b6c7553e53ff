import type { EventEnvelope } from '@brigade/contracts';

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface Subscription {
  /**
   * The subscription's logical name, `<service>.<handler>`: its idempotency records, dead letters and redrive.
   * On RabbitMQ its events arrive through the service's work queue (`<service>.events`, ADR 15); in process
   * it is a queue of its own.
   */
  queue: string;
  /** Event types this subscription handles. */
  types: string[];
  handler: EventHandler;
  /**
   * Set on a row run outside a transaction (`outsideTransaction`): its use case keeps each event once in its own
   * table, so the subscription writes no processed-event record.
   */
  keepsOwnRecord?: true;
  /**
   * Set on a row made with `onlyWhen`: whether its use case acts on an event's data. It keeps a processed-event
   * record of those only; any other is taken without a transaction or a record.
   */
  acts?: (data: unknown) => boolean;
}

export interface DeadLetter {
  queue: string;
  event: EventEnvelope | null;
  raw: string;
  error: string;
  attempts: number;
  /** the message's type and id when its envelope could not be read (a poison message's properties) */
  type?: string | null;
  eventId?: string | null;
}

/**
 * One consumer queue's backlog: messages waiting for a consumer (its lag) and dead letters (metrics). On
 * RabbitMQ, per service work queue (`<service>.events`); in process, per subscription.
 */
export interface QueueDepth {
  queue: string;
  waiting: number;
  deadLetters: number;
}

export interface EventBus {
  readonly kind: 'rabbitmq' | 'in-process';
  /** Resolves once the broker confirmed the message (publisher confirms); rejects when it cannot. */
  publish(event: EventEnvelope): Promise<void>;
  /**
   * Subscribe one subscription, or a service's whole table at once: on RabbitMQ its consumer then starts with
   * every type bound and handled, so events already waiting (a restart) never meet a half-built table.
   */
  subscribe(subscription: Subscription | readonly Subscription[]): Promise<void>;
  isReady(): boolean;
  /** The backlog of each consumer queue subscribed on this bus, read now (the metrics' scrape). */
  queueDepths?(): Promise<QueueDepth[]>;
  /** Stop taking new messages, let the ones in hand finish, then disconnect. */
  close(): Promise<void>;
}
