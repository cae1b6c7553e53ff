import type { Logger } from './logger';

export interface WorkLoopOptions {
  /** Names the loop in logs. */
  name: string;
  /** One pass over the work that is due; returns how many items it handled. */
  pass: () => Promise<number>;
  /** Sleep between passes when the last one found nothing to do. */
  pollMs: number;
  logger: Logger;
  /**
   * Whether anything may be due, asked instead of a whole pass when the loop wakes from its sleep (not after a
   * kick, nor after a pass that found work): one cheap statement in place of a pass's transaction, so an idle
   * process does little more than wake (issue 22: idle loops were ~10% of the machine). A failed check runs
   * the pass.
   */
  idleCheck?: () => Promise<boolean>;
}

/**
 * A background loop for work kept in database rows (outbox, money tasks, reminders, webhook deliveries):
 * passes back to back while there is work, sleeps `pollMs` when there is none, wakes at once on `kick()`
 * (after a commit that made work due), and `stop()` waits for the pass in hand to finish.
 */
export class WorkLoop {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private kicked = false;

  constructor(private readonly options: WorkLoopOptions) {}

  get isRunning() {
    return this.running;
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Run a pass now instead of at the next poll. */
  kick() {
    this.kicked = true;
    this.wake?.();
  }

  async stop() {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  private async run() {
    // true while the loop last woke from its sleep running out and no pass since found work: the moment the
    // idle check, when there is one, stands in for a pass
    let idle = false;
    while (this.running) {
      let handled = 0;
      try {
        if (idle && this.options.idleCheck && !(await this.idleCheckSaysDue()) && !this.kicked) {
          idle = await this.sleep();
          continue;
        }
        this.kicked = false; // this pass covers every kick so far
        handled = await this.options.pass();
      } catch (err) {
        this.options.logger.warn(
          { err: (err as Error).message, loop: this.options.name },
          'background pass failed',
        );
      }
      idle = false;
      if (handled > 0 || !this.running) continue;
      if (this.kicked) continue; // kicked during the pass
      idle = await this.sleep();
    }
  }

  private async idleCheckSaysDue(): Promise<boolean> {
    try {
      return await this.options.idleCheck!();
    } catch {
      return true; // the pass will say what is wrong
    }
  }

  /** Sleep `pollMs` or until kicked or stopped; true when the sleep ran out (nothing woke the loop). */
  private async sleep(): Promise<boolean> {
    const timedOut = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(true), this.options.pollMs);
      this.wake = () => {
        clearTimeout(timer);
        resolve(false);
      };
    });
    this.wake = null;
    const kicked = this.kicked;
    this.kicked = false;
    return timedOut && !kicked;
  }
}
