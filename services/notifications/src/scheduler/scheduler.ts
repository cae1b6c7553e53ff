import { WorkLoop } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { schedulerWorkDue } from '../db/due-work.repository';
import type { SmsPort } from '../adapters/sms-port';
import { processDueReminders } from '../use-cases/process-due-reminders';
import { sendDueSms } from '../use-cases/send-due-sms';

/**
 * The loop that does the timed work: due reminders become texts, queued texts are sent (and retried). Any
 * number of instances may run against one database; rows are claimed with FOR UPDATE SKIP LOCKED.
 */
export class Scheduler {
  private readonly loop: WorkLoop;

  constructor(
    private readonly ctx: NotificationsContext,
    private readonly sms: SmsPort,
    pollMs: number,
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

  /** One pass: reminders due by the clock, then texts due. Returns how many rows it handled. */
  async tick(): Promise<number> {
    const reminders = await processDueReminders(this.ctx);
    const texts = await sendDueSms(this.ctx, this.sms);
    return reminders + texts;
  }
}
