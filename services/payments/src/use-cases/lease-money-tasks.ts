import type { PaymentsContext } from '../context';
import { leaseDueTasks, type LeasedTask } from '../db/money-tasks.repository';

/**
 * Lease up to `limit` due money tasks (another instance skips them until the lease ends): a little longer than the
 * slowest call (every SDK attempt timing out), so a task is not normally run twice at once. If it ever is (a
 * stalled process), the same idempotency key returns the same transfer or refund and the ledger's unique
 * (job, kind) records it once. A task whose process died mid-call runs again after the lease.
 */
export function leaseMoneyTasks(ctx: PaymentsContext, limit: number): Promise<LeasedTask[]> {
  const { STRIPE_TIMEOUT_MS, STRIPE_MAX_NETWORK_RETRIES } = ctx.config;
  const leaseMs = STRIPE_TIMEOUT_MS * (STRIPE_MAX_NETWORK_RETRIES + 1) + 5_000;
  return leaseDueTasks(ctx.database, limit, leaseMs);
}
