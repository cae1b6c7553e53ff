import type { Database, Logger, Now, OutboxRelay } from '@brigade/kit';
import type { PaymentsConfig } from './config';
import type { StripeHolder } from './adapters/stripe';

/** What the use cases work with (built once in app.ts). */
export interface PaymentsContext {
  database: Database;
  /** The time the money rules read (ADR 41): the wall clock, or the suites' movable one. */
  now: Now;
  stripe: StripeHolder;
  relay: OutboxRelay;
  logger: Logger;
  config: PaymentsConfig;
  /** The webhook endpoint's signing secret: STRIPE_WEBHOOK_SECRET, or the sandbox's own per installation. */
  webhookSecret: string;
  /** Wake the money-task runner (transfers and refunds to execute). */
  kickMoneyTasks(): void;
  /** Wake the card backfill (a receipt shows a charge whose card is not recorded). */
  kickCardBackfill(): void;
}
