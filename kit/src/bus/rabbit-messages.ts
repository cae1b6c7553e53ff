import type { ConsumeMessage, GetMessage } from 'amqplib';
import type { EventEnvelope } from '@brigade/contracts';
import type { DeadLetter } from './types';
import { parseEnvelope } from './validate';

// How the RabbitMQ bus reads a message: its subject (for ordering), a dead letter as the console shows it,
// and a delivery parsed once.

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
