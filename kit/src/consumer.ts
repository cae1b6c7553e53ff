import { context, propagation, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import type { EventData, EventEnvelope, EventType } from '@brigade/contracts';
import { sql, type Database, type Tx } from './db';
import type { EventHandler } from './bus/types';

export type TypedHandler<T extends EventType> = (
  tx: Tx,
  data: EventData<T>,
  event: EventEnvelope<EventData<T>>,
) => Promise<void>;

const tracer = trace.getTracer('brigade-bus');

/**
 * Run a handler at most once per event and consumer: the event id is recorded in `processed_events` in the
 * same transaction as the handler's writes, so a redelivered or duplicated event changes nothing, and a
 * handler that throws leaves no trace (the bus retries it).
 */
export function idempotent<T extends EventType>(
  database: Database,
  consumer: string,
  handler: TypedHandler<T>,
): EventHandler {
  return async (event) => {
    // Under the bus's delivery span when it continues the event's trace (RabbitMQ: gateway -> service ->
    // publish -> delivery -> handler), else straight under the context stored with the event.
    const active = trace.getSpanContext(context.active());
    const stored = trace.getSpanContext(
      propagation.extract(ROOT_CONTEXT, { traceparent: event.traceparent }),
    );
    const parent =
      active && stored && active.traceId === stored.traceId
        ? context.active()
        : propagation.extract(context.active(), { traceparent: event.traceparent });
    await context.with(parent, () =>
      tracer.startActiveSpan(
        `process ${event.type}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: { 'messaging.destination': consumer, 'messaging.message.id': event.id },
        },
        async (span) => {
          try {
            await database.transaction(async (tx) => {
              const claimed = await database.rows(
                sql`insert into ${sql.raw(database.schema)}.processed_events (consumer, event_id) values (${consumer}, ${event.id}) on conflict do nothing returning event_id`,
                tx,
                // every event every consumer takes: planned once per connection
                { prepared: true },
              );
              if (claimed.length === 0) return;
              await handler(tx, event.data as EventData<T>, event as EventEnvelope<EventData<T>>);
            });
          } catch (err) {
            span.recordException(err as Error);
            throw err;
          } finally {
            span.end();
          }
        },
      ),
    );
  };
}
