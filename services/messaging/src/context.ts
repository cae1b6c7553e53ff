import type { Database, Logger, OutboxRelay, VersionStamps } from '@brigade/kit';
import type { Translator } from './adapters/translation-port';
import type { RetryPolicy } from './domain/retry-policy';

/** What messaging's use cases, routers and event handlers work with; built once in app.ts. */
export interface MessagingContext {
  database: Database;
  relay: OutboxRelay;
  /** The chat's translator: a sender waits for its answer (the live lane, `translation-lanes.ts`). */
  translator: Translator;
  /** The same engine for texts nobody waits on (statements, descriptions): after the chat, a piece at a time. */
  backgroundTranslator: Translator;
  logger: Logger;
  /** Version stamps of inboxes, so the gateway answers unchanged polls itself. */
  stamps: VersionStamps;
  /** When a translation that failed or timed out is tried again (TRANSLATE_RETRY_DELAYS_MS). */
  retries: RetryPolicy;
  /** A retry claimed by an instance is left to it this long (more than a translation can take). */
  retryLeaseMs: number;
}
