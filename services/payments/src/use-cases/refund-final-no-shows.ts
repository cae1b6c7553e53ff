import { inTransaction, WorkLoop } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { finalNoShows } from '../db/timesheets.repository';
import { DecisionRefused } from '../domain/decision';
import { recordRefusedDecision } from './report-anomaly';
import { settleTimesheet } from './settle-timesheet';

/**
 * A no-show becomes final when its contest window (`contest_until`, HOURS_DISPUTE_WINDOW after it was marked)
 * passes uncontested: the restaurant is refunded in full (ADR 0028). A contested one waits for the operator's
 * decision (`jobs.timesheet.resolved.v1`). Each refund is the seat's one settlement, so a second pass, a second
 * instance or a late decision moves nothing twice.
 */
export class NoShowRefunds {
  private readonly loop: WorkLoop;

  constructor(
    private readonly ctx: PaymentsContext,
    pollMs = 30_000,
  ) {
    this.loop = new WorkLoop({
      name: 'no-show refunds',
      pollMs,
      logger: ctx.logger,
      pass: () => this.runOnce(),
    });
  }

  start() {
    this.loop.start();
  }

  async stop() {
    await this.loop.stop();
  }

  /** One pass as of `now`: refunds every final no-show; returns how many it settled. */
  async runOnce(now = new Date()): Promise<number> {
    let settled = 0;
    for (const seat of await finalNoShows(this.ctx.database, now)) {
      try {
        await inTransaction(this.ctx, (tx) => settleTimesheet(this.ctx, tx, 'no_show', seat, null, null));
        settled += 1;
      } catch (err) {
        if (err instanceof DecisionRefused)
          await recordRefusedDecision(
            this.ctx,
            {
              id: `no_show:${seat.application_id}`,
              type: 'jobs.timesheet.no_show_marked.v1',
              occurred_at: now.toISOString(),
              producer: 'payments',
              data: seat,
            },
            err,
          );
        this.ctx.logger.error({ err, application: seat.application_id }, 'final no-show not refunded');
      }
    }
    return settled;
  }
}
