import { WorkLoop } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { leaseMoneyTasks, runMoneyTask } from '../use-cases/run-money-task';

/**
 * The money-task loop: executes the transfers, refunds and off-session charges the decisions issued, at Stripe,
 * four at once (`runMoneyTask`: the provider call outside any transaction, then its record in one). `kick()`
 * (the context's `kickMoneyTasks`, after a commit that issued tasks) runs a pass now rather than at the poll.
 */
export class MoneyTaskRunner {
  private static readonly SLOTS = 4;
  private readonly loop: WorkLoop;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly ctx: PaymentsContext,
    pollMs = 250,
  ) {
    this.loop = new WorkLoop({ name: 'money tasks', pollMs, logger: ctx.logger, pass: () => this.runDue() });
  }

  start() {
    this.loop.start();
  }

  kick() {
    this.loop.kick();
  }

  /** Stop leasing and wait for the tasks at Stripe to finish and be recorded. */
  async stop() {
    await this.loop.stop();
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * One pass: lease as many due tasks as there are free slots and start them; returns how many it started. Tasks
   * of different jobs go to Stripe side by side (each has its own idempotency key and lease); a task that becomes
   * due while others are at Stripe starts as soon as a slot is free, not after the whole batch.
   */
  async runDue(): Promise<number> {
    const free = MoneyTaskRunner.SLOTS - this.inFlight.size;
    if (free <= 0) return 0;
    const tasks = await leaseMoneyTasks(this.ctx, free);
    for (const task of tasks) {
      const run: Promise<void> = runMoneyTask(this.ctx, task).finally(() => {
        this.inFlight.delete(run);
        this.loop.kick(); // a slot is free: look for more
      });
      this.inFlight.add(run);
    }
    return tasks.length;
  }
}
