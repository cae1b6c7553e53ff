import type { Policy } from '@brigade/contracts';
import type { Database, Logger, OutboxRelay, Tx, VersionStamps } from '@brigade/kit';

/** What every use case works with; built once in app.ts. */
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
}

/** Run a state change and its outbox events in one transaction, then wake the relay. */
export async function inTransaction<T>(ctx: JobsContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await ctx.database.transaction(fn);
  ctx.relay.kick();
  return result;
}
