import { z } from 'zod';

/** The wrapper every integration event travels in, on RabbitMQ and on the in-process bus alike. */
export const EventEnvelope = z.object({
  id: z.string().uuid(),
  type: z.string(),
  occurred_at: z.string(),
  producer: z.string(),
  data: z.unknown(),
  /** W3C trace context of the transaction that wrote the event. */
  traceparent: z.string().optional(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof EventEnvelope>, 'data'> & { data: T };
