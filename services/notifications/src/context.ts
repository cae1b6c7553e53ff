import {
  onCommit,
  type Database,
  type Executor,
  type Logger,
  type OutboxRelay,
  type VersionStamps,
} from '@brigade/kit';
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
  /**
   * Wake the texts' loop now instead of at its next poll. Use cases call it through `onCommit` when their
   * transaction queued a text or made a reminder due (`textsDue`), so an event that queued nothing wakes nothing
   * (issue 41: every event used to run the loops' passes, four claims, whatever it wrote).
   */
  kickTexts(): void;
}

/** After `tx` commits, wake the texts' loop: the transaction queued a text or made a reminder due. */
export function textsDue(ctx: NotificationsContext, tx: Executor) {
  onCommit(tx, () => ctx.kickTexts());
}

export const iso = (d: Date | string) => new Date(d).toISOString();
