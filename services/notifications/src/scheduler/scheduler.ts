import { WorkLoop } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { schedulerWorkDue } from '../db/due-work.repository';
import type { SmsPort } from '../adapters/sms-port';
import { processDueReminders } from '../use-cases/process-due-reminders';
import { sendDueSms } from '../use-cases/send-due-sms';
import { sendDueDeliveries } from '../use-cases/send-due-deliveries';
import type { MailPort } from '../adapters/mail-port';

/**
 * The loop that does the timed work: due reminders become texts, queued texts and emails are sent (and retried). Any
 * number of instances may run against one database; rows are claimed with FOR UPDATE SKIP LOCKED.
 */
export class Scheduler {
  private readonly loop: WorkLoop;

  constructor(
    private readonly ctx: NotificationsContext,
    private readonly sms: SmsPort,
    pollMs: number,
    private readonly mail: MailPort | null = null,
  ) {
    this.loop = new WorkLoop({
      name: 'notifications scheduler',
      pollMs,
      logger: ctx.logger,
      pass: () => this.tick(),
      idleCheck: () => schedulerWorkDue(ctx.database, ctx.now()),
    });
  }

  start() {
    this.loop.start();
  }

  stop() {
    return this.loop.stop();
  }

  /** Look now instead of at the next poll (after an event queued a text). */
  kick() {
    this.loop.kick();
  }

  /**
   * One pass: reminders due by the clock, then texts due (each deciding its notification's other channels), then
   * the emails due. Returns how many rows it handled.
   */
  async tick(): Promise<number> {
    const reminders = await processDueReminders(this.ctx);
    const texts = await sendDueSms(this.ctx, this.sms);
    const deliveries = await sendDueDeliveries(this.ctx, { mail: this.mail });
    return reminders + texts + deliveries;
  }
}
