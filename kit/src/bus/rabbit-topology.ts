import type { Options } from 'amqplib';

// The broker's side of a service's subscriptions (ADR 15): one quorum work queue per service
// (`<service>.events`) bound to every event type the service handles, one quorum retry queue per backoff
// delay (`<service>.events.retry.<ms>`, a TTL that dead-letters back to the work queue) and one quorum
// dead-letter queue (`<service>.events.dlq`). A delivery names the subscription it is for in a header once it
// has been retried or dead-lettered; a fresh event goes to every subscription of the service handling its type.

/** The header that names the subscription (`<service>.<name>`) a retried or dead-lettered copy belongs to. */
export const SUBSCRIPTION_HEADER = 'x-subscription';

/** A redelivery limit on the work queue: a message that keeps coming back unacknowledged (a consumer that
 * dies on it each time) is dead-lettered by the broker instead of looping for ever. */
export const DELIVERY_LIMIT = 20;

/** The service a subscription (`<service>.<name>`) belongs to. */
export function serviceOf(subscription: string): string {
  return subscription.split('.')[0];
}

/** A service's work queue, without the namespace prefix. */
export function workQueueOf(service: string): string {
  return `${service}.events`;
}

/** Is this name a service's work queue (`<service>.events`) rather than a subscription's? */
export function isWorkQueue(name: string): boolean {
  return /^[^.]+\.events$/.test(name);
}

const quorum = { 'x-queue-type': 'quorum' } as const;
/** Dead-lettering that keeps the message until the target queue confirmed it (needs reject-publish). */
const atLeastOnce = { 'x-dead-letter-strategy': 'at-least-once', 'x-overflow': 'reject-publish' } as const;

/** The three kinds of queue, by broker name (`work` with the namespace prefix). */
export function workQueueOptions(work: string): Options.AssertQueue {
  return {
    durable: true,
    arguments: {
      ...quorum,
      ...atLeastOnce,
      'x-dead-letter-exchange': '',
      'x-dead-letter-routing-key': `${work}.dlq`,
      'x-delivery-limit': DELIVERY_LIMIT,
    },
  };
}

export function retryQueueOptions(work: string, delayMs: number): Options.AssertQueue {
  return {
    durable: true,
    arguments: {
      ...quorum,
      ...atLeastOnce,
      'x-message-ttl': delayMs,
      'x-dead-letter-exchange': '',
      'x-dead-letter-routing-key': work,
    },
  };
}

export function deadLetterQueueOptions(): Options.AssertQueue {
  return { durable: true, arguments: { ...quorum } };
}

/** Every broker queue of a service's work queue: itself, its retry queues and its dead-letter queue. */
export function queuesOf(work: string, delays: number[]): string[] {
  return [work, ...delays.map((d) => `${work}.retry.${d}`), `${work}.dlq`];
}
