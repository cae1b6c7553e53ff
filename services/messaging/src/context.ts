import type { Database, Logger, OutboxRelay, VersionStamps } from '@brigade/kit';
import type { Translator } from './adapters/translation-port';

/** What messaging's use cases, routers and event handlers work with; built once in app.ts. */
export interface MessagingContext {
  database: Database;
  relay: OutboxRelay;
  translator: Translator;
  logger: Logger;
  /** Version stamps of inboxes, so the gateway answers unchanged polls itself. */
  stamps: VersionStamps;
}
