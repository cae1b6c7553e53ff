import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
} from '@opentelemetry/api';
import type { ConsumeMessage } from 'amqplib';
import type { EventEnvelope } from '@brigade/contracts';

// The RabbitMQ bus's spans (OpenTelemetry; no-ops unless the process started telemetry). The outbox relay
// publishes long after the request that wrote the event, so the publish span is a child of the trace context
// stored with the event (its `traceparent`), not of the relay's; the message carries the publish span's
// context in its headers, and the consuming service's delivery span continues from it. The handler's span
// (kit/src/consumer.ts) then nests under the delivery: gateway -> service -> publish -> delivery -> handler.

const tracer = trace.getTracer('brigade-bus');

async function inSpan<T>(span: Span, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
    throw err;
  } finally {
    span.end();
  }
}

/** Publish an event in a `publish <exchange>` span; `send` gets the headers that carry the span's context. */
export function publishSpan(
  exchange: string,
  event: EventEnvelope,
  send: (headers: Record<string, string>) => Promise<void>,
): Promise<void> {
  const parent = event.traceparent
    ? propagation.extract(ROOT_CONTEXT, { traceparent: event.traceparent })
    : context.active();
  const span = tracer.startSpan(
    `publish ${exchange}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        'messaging.system': 'rabbitmq',
        'messaging.operation': 'publish',
        'messaging.destination.name': exchange,
        'messaging.rabbitmq.destination.routing_key': event.type,
        'messaging.message.id': event.id,
      },
    },
    parent,
  );
  const headers: Record<string, string> = {};
  propagation.inject(trace.setSpan(parent, span), headers);
  // Without telemetry nothing is injected: the message still carries the event's own context.
  if (!headers.traceparent && event.traceparent) headers.traceparent = event.traceparent;
  return inSpan(span, () => send(headers));
}

/** Handle a delivery of a work queue in a `receive <queue>` span, a child of the publish that sent it. */
export function deliverySpan(queue: string, msg: ConsumeMessage, handle: () => Promise<void>): Promise<void> {
  const carrier: Record<string, string> = {};
  for (const [k, v] of Object.entries(msg.properties.headers ?? {}))
    if (typeof v === 'string') carrier[k] = v;
  const parent = propagation.extract(ROOT_CONTEXT, carrier);
  const span = tracer.startSpan(
    `receive ${queue}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'rabbitmq',
        'messaging.operation': 'receive',
        'messaging.destination.name': queue,
        'messaging.rabbitmq.destination.routing_key': msg.fields.routingKey,
        'messaging.message.id': String(msg.properties.messageId ?? ''),
        'messaging.rabbitmq.message.redelivered': msg.fields.redelivered,
      },
    },
    parent,
  );
  return context.with(trace.setSpan(parent, span), () => inSpan(span, handle));
}
