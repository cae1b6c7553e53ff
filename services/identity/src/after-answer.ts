import type { Logger } from '@brigade/kit';

/**
 * Work a request starts for after its answer has gone out (issue 32: the password reset's text, so that an
 * account that exists is not answered later than one that does not). A failure is logged: the person was
 * answered already. The service's stop waits for what is still running.
 */
export class AfterAnswer {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  /** Start `work` once the current answer is written (the next turn of the event loop). */
  run(what: string, work: () => Promise<void>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => this.logger.warn({ err: (err as Error)?.message }, `${what} failed`))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Everything started so far has finished. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
