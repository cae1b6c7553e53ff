import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
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

/** A span of the bus in OpenTelemetry's messaging words: `publish <exchange>` or `receive <queue>`. */
function rabbitSpan(
  operation: 'publish' | 'receive',
  destination: string,
  routingKey: string,
  messageId: string,
  parent: Context,
  more: Attributes = {},
): Span {
  return tracer.startSpan(
    `${operation} ${destination}`,
    {
      kind: operation === 'publish' ? SpanKind.PRODUCER : SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'rabbitmq',
        'messaging.operation': operation,
        'messaging.destination.name': destination,
        'messaging.rabbitmq.destination.routing_key': routingKey,
        'messaging.message.id': messageId,
        ...more,
      },
    },
    parent,
  );
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
  const span = rabbitSpan('publish', exchange, event.type, event.id, parent);
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
  const span = rabbitSpan(
    'receive',
    queue,
    msg.fields.routingKey,
    String(msg.properties.messageId ?? ''),
    parent,
    {
      'messaging.rabbitmq.message.redelivered': msg.fields.redelivered,
    },
  );
  return context.with(trace.setSpan(parent, span), () => inSpan(span, handle));
}
