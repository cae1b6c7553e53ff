import type { z } from 'zod';
import { identityEvents } from './identity';
import { jobsEvents } from './jobs';
import { paymentsEvents } from './payments';
import { messagingEvents } from './messaging';

/** Every integration event: type -> schema of its data. A version only ever gains fields. */
export const eventSchemas = {
  ...identityEvents,
  ...jobsEvents,
  ...paymentsEvents,
  ...messagingEvents,
} as const;

export type EventType = keyof typeof eventSchemas;
/** What a consumer gets: every field, defaults filled in. */
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
/** What a producer writes: fields added to a version later carry defaults and may be left out. */
export type EventInput<T extends EventType> = z.input<(typeof eventSchemas)[T]>;
export const EVENT_TYPES = Object.keys(eventSchemas) as EventType[];

export function isEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(eventSchemas, type);
}
