import type { Database, Logger, OutboxRelay, VersionStamps } from '@brigade/kit';
import type { NotificationsConfig } from './config';

/**
 * What every use case, router and event handler of this service works with; built once in app.ts. `now` is
 * the scheduler's clock (tests move it).
 */
export interface NotificationsContext {
  database: Database;
  relay: OutboxRelay;
  logger: Logger;
  /** Issue 41: the inboxes' version stamps, so the gateway answers unchanged polls of the inbox and the bell. */
  stamps: VersionStamps;
  config: Readonly<NotificationsConfig>;
  now: () => Date;
}

export const iso = (d: Date | string) => new Date(d).toISOString();
