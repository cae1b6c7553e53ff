import type { ConsumeMessage, GetMessage, Options } from 'amqplib';
import type { EventEnvelope } from '@brigade/contracts';
import { serviceOf, SUBSCRIPTION_HEADER, workQueueOf } from './rabbit-topology';
import type { DeadLetter, Subscription } from './types';
import { parseEnvelope, PoisonMessage } from './validate';

// How the RabbitMQ bus reads a message: its subject (for ordering), the subscriptions it is for, the copy
// parked for a retry, a dead letter as the console shows it, and a delivery parsed once.

/** What orders events within a queue: the first subject id the event carries. */
export function subjectOf(event: EventEnvelope): string | null {
  const data = (event.data ?? {}) as Record<string, unknown>;
  for (const k of ['job_id', 'application_id', 'user_id', 'chef_id', 'restaurant_id', 'account_id'])
    if (typeof data[k] === 'string') return `${k}:${data[k]}`;
  return null;
}

/** A dead-lettered message as the console shows it (a poison message keeps `event` null and its raw text). */
export function deadLetterOf(queue: string, msg: GetMessage): DeadLetter {
  const raw = msg.content.toString('utf8');
  let event: EventEnvelope | null = null;
  try {
    const parsed = JSON.parse(raw) as EventEnvelope;
    if (parsed && typeof parsed === 'object' && typeof parsed.type === 'string') event = parsed;
  } catch {
    /* poison: not JSON */
  }
  const headers = msg.properties.headers ?? {};
  return {
    queue,
    event,
    raw,
    error: String(headers['x-error'] ?? 'unknown error'),
    attempts: Number(headers['x-attempt'] ?? 0),
    type: event?.type ?? (typeof msg.properties.type === 'string' ? msg.properties.type : null),
    eventId: event?.id ?? (typeof msg.properties.messageId === 'string' ? msg.properties.messageId : null),
  };
}

/** A delivered message, parsed once: the event, or why it is poison. */
export type Parsed = { event: EventEnvelope } | { error: unknown };

export function parse(msg: ConsumeMessage): Parsed {
  try {
    return { event: parseEnvelope(msg.content.toString('utf8')) };
  } catch (error) {
    return { error };
  }
}

/** The subscription a retried or redriven copy is for (its header), else its event type. */
export function routeOf(msg: ConsumeMessage): string {
  const owner = msg.properties.headers?.[SUBSCRIPTION_HEADER];
  if (typeof owner === 'string') return owner;
  return typeof msg.properties.type === 'string' ? msg.properties.type : msg.fields.routingKey;
}

/**
 * The subscriptions of `service` a delivery of its work queue is for: the one its header names (a retry, a
 * redriven dead letter), else every one handling its event type (the envelope's, else the message's `type`
 * property: a message that breaks its contract still reaches the subscriptions that then dead-letter it).
 * Empty when none here does; null when the message says neither.
 */
export function recipientsOf(
  subs: Subscription[],
  service: string,
  msg: ConsumeMessage,
  parsed: Parsed,
): Subscription[] | null {
  const mine = subs.filter((s) => serviceOf(s.queue) === service);
  const owner = msg.properties.headers?.[SUBSCRIPTION_HEADER];
  if (typeof owner === 'string') return mine.filter((s) => s.queue === owner);
  const type =
    'event' in parsed
      ? parsed.event.type
      : typeof msg.properties.type === 'string'
        ? msg.properties.type
        : null;
  return type === null ? null : mine.filter((s) => s.types.includes(type));
}

/**
 * When a dead letter failed (ms): its own header, else the broker's last dead-lettering (the delivery limit),
 * else 0. Peeks order by it: a quorum queue puts requeued messages back behind the ones that arrived meanwhile.
 */
export function failedAt(msg: GetMessage): number {
  const headers = msg.properties.headers ?? {};
  if (typeof headers['x-failed-at'] === 'number') return headers['x-failed-at'];
  const death = (headers['x-death'] as Array<{ time?: { value?: number } }> | undefined)?.[0];
  return typeof death?.time?.value === 'number' ? death.time.value * 1000 : 0;
}

/** Who takes an unparseable message with no type: the service's work queue itself, which dead-letters it. */
export function untypedMessage(service: string): Subscription {
  return {
    queue: workQueueOf(service),
    types: [],
    handler: async () => {
      throw new PoisonMessage('a message with no event type');
    },
  };
}

/** Attempts a subscription already made at this message (0 for a fresh event, or another subscription's copy). */
export function attemptsOf(msg: ConsumeMessage, subscription: string): number {
  const headers = msg.properties.headers ?? {};
  return headers[SUBSCRIPTION_HEADER] === subscription ? Number(headers['x-attempt'] ?? 0) : 0;
}

/** The properties of a subscription's copy of a failed message, parked in a retry or dead-letter queue. */
export function parkedCopy(
  msg: ConsumeMessage,
  subscription: string,
  attempts: number,
  error: string,
): Options.Publish {
  const headers = { ...(msg.properties.headers ?? {}) };
  delete headers['x-delivery-count'];
  return {
    ...msg.properties,
    persistent: true,
    headers: {
      ...headers,
      [SUBSCRIPTION_HEADER]: subscription,
      'x-attempt': attempts,
      'x-error': error.slice(0, 500),
      'x-failed-at': Date.now(),
    },
  };
}
