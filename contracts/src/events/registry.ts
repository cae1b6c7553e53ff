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
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
export const EVENT_TYPES = Object.keys(eventSchemas) as EventType[];

export function isEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(eventSchemas, type);
}
