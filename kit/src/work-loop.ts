import type { Logger } from './logger';

export interface WorkLoopOptions {
  /** Names the loop in logs. */
  name: string;
  /** One pass over the work that is due; returns how many items it handled. */
  pass: () => Promise<number>;
  /** Sleep between passes when the last one found nothing to do. */
  pollMs: number;
  logger: Logger;
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
    while (this.running) {
      let handled = 0;
      try {
        handled = await this.options.pass();
      } catch (err) {
        this.options.logger.warn(
          { err: (err as Error).message, loop: this.options.name },
          'background pass failed',
        );
      }
      if (handled > 0 || !this.running) continue;
      if (this.kicked) {
        this.kicked = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
      this.kicked = false;
    }
  }
}
