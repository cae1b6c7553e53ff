import type { Database, Logger } from '@brigade/kit';
import type { NotificationsConfig } from './config';

/** What every use case of this service works with. `now` is the scheduler's clock (tests move it). */
export interface Ctx {
  database: Database;
  logger: Logger;
  config: Readonly<NotificationsConfig>;
  now: () => Date;
}

export const iso = (d: Date | string) => new Date(d).toISOString();
