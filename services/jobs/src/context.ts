import type { Policy } from '@brigade/contracts';
import type { Database, Logger, OutboxRelay, VersionStamps } from '@brigade/kit';

/** What every use case works with; built once in app.ts. Writes go through kit's `inTransaction(ctx, ...)`. */
export interface JobsContext {
  database: Database;
  relay: OutboxRelay;
  logger: Logger;
  /** The clock (injected so tests can let a shift start). */
  now: () => Date;
  /** Where the list version counters are published for the gateway's 304s. */
  stamps: VersionStamps;
  /** The money rules: cancellation window and pay, checkout deadline, reliability window (contracts/policy). */
  policy: Policy;
  /** The public origin of the web app (PUBLIC_URL): calendar feed URLs and the job links in calendar events. */
  publicUrl: string;
  /** Issue 37: one minute of a roster-first window (JOBS_ROSTER_MINUTE_MS; 60000 unless a suite shortens it). */
  rosterMinuteMs?: number;
}
