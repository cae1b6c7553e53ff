import type { Ctx } from '../context';
import type { SmsPort } from '../sms/sms-port';
import { processDueReminders } from '../use-cases/process-due-reminders';
import { sendDueSms } from '../use-cases/send-due-sms';

/**
 * The loop that does the timed work: due reminders become texts, queued texts are sent (and retried). Any
 * number of instances may run against one database; rows are claimed with FOR UPDATE SKIP LOCKED.
 */
export class Scheduler {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private kicked = false;

  constructor(
    private readonly ctx: Ctx,
    private readonly sms: SmsPort,
    private readonly pollMs: number,
  ) {}

  start() {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop() {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  /** Look now instead of at the next poll (after an event queued a text). */
  kick() {
    this.kicked = true;
    this.wake?.();
  }

  /** One pass: reminders due by the clock, then texts due. Returns how many rows it handled. */
  async tick(): Promise<number> {
    const reminders = await processDueReminders(this.ctx);
    const texts = await sendDueSms(this.ctx, this.sms);
    return reminders + texts;
  }

  private async run() {
    while (this.running) {
      let handled = 0;
      try {
        handled = await this.tick();
      } catch (err) {
        this.ctx.logger.warn({ err: (err as Error).message }, 'notifications scheduler pass failed');
      }
      if (handled > 0 || !this.running) continue;
      if (this.kicked) {
        this.kicked = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
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
