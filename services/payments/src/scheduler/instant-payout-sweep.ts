import { WorkLoop } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { payoutsToDrive, touchPayout } from '../db/instant-payouts.repository';
import { driveInstantPayout } from '../use-cases/instant-payout';

/**
 * Issue 38: instant payouts left where a crash or an outage stopped them (the row written, a provider call not
 * made or not recorded), a pending payout whose outcome webhook never came, and a failed payout's fee not
 * returned yet: driven again with the same idempotency keys (`payout:{id}:fee|payout|fee_return`), so each
 * step moves money once. A payout is looked at once it has been quiet for `quietMs`.
 */
export class InstantPayoutSweep extends WorkLoop {
  constructor(
    private readonly ctx: PaymentsContext,
    pollMs = 2_000,
    private readonly quietMs = 3_000,
  ) {
    super({ name: 'instant payout sweep', pollMs, logger: ctx.logger, pass: () => this.runOnce() });
  }

  /** One pass: how many payouts it drove (each touched first, so the next pass waits for it). */
  async runOnce(): Promise<number> {
    const ids = await payoutsToDrive(this.ctx.database, this.quietMs);
    for (const id of ids) {
      await touchPayout(this.ctx.database, id);
      await driveInstantPayout(this.ctx, id).catch((err: unknown) =>
        this.ctx.logger.warn({ err: (err as Error).message, payout: id }, 'instant payout: try again later'),
      );
    }
    return 0; // driven or not, wait a poll before looking again
  }
}
