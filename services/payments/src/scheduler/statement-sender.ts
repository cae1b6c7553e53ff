import { WorkLoop } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { sendWeeklyStatements } from '../use-cases/send-weekly-statements';

/**
 * The weekly statements' loop (issue 38): every poll, restaurants whose STATEMENT_DAY has come in their own zone
 * are told last week's statement is ready, once per restaurant and week (the send's row decides, across passes,
 * restarts and instances).
 */
export class StatementSender {
  private readonly loop: WorkLoop;

  constructor(
    private readonly ctx: PaymentsContext,
    pollMs = 15 * 60_000,
  ) {
    // A pass that sent some runs again at once and finds none: the loop then sleeps its poll.
    this.loop = new WorkLoop({
      name: 'weekly statements',
      pollMs,
      logger: ctx.logger,
      pass: () => sendWeeklyStatements(ctx),
    });
  }

  start() {
    this.loop.start();
  }

  stop() {
    return this.loop.stop();
  }

  /** One pass at `now` (tests move the clock to a Monday): how many statements it sent. */
  runOnce(now = this.ctx.now()): Promise<number> {
    return sendWeeklyStatements(this.ctx, now);
  }
}
