import { WorkLoop } from '@brigade/kit';
import type { NotificationsContext } from '../context';
import { deliveriesDue, schedulerWorkDue } from '../db/due-work.repository';
import type { SmsPort } from '../adapters/sms-port';
import { processDueReminders } from '../use-cases/process-due-reminders';
import { sendDueSms } from '../use-cases/send-due-sms';
import { sendDueDeliveries } from '../use-cases/send-due-deliveries';
import type { MailPort } from '../adapters/mail-port';
import type { PushPort } from '../adapters/push-port';

/**
 * The loops that do the timed work: due reminders become texts, queued texts and emails are sent (and retried);
 * pushes have a loop of their own, so a push service that hangs (up to PUSH_TIMEOUT_MS a batch) never holds up a
 * text or a mail. Any number of instances may run against one database; rows are claimed with FOR UPDATE SKIP
 * LOCKED.
 */
export class Scheduler {
  private readonly loop: WorkLoop;
  private readonly pushLoop: WorkLoop;

  constructor(
    private readonly ctx: NotificationsContext,
    private readonly sms: SmsPort,
    pollMs: number,
    private readonly mail: MailPort | null = null,
    private readonly push: PushPort | null = null,
  ) {
    this.loop = new WorkLoop({
      name: 'notifications scheduler',
      pollMs,
      logger: ctx.logger,
      pass: () => this.textsAndMail(),
      idleCheck: () => schedulerWorkDue(ctx.database, ctx.now()),
    });
    this.pushLoop = new WorkLoop({
      name: 'notifications pushes',
      pollMs,
      logger: ctx.logger,
      pass: () => this.pushes(),
      idleCheck: () => deliveriesDue(ctx.database, 'push', ctx.now()),
    });
  }

  start() {
    this.loop.start();
    this.pushLoop.start();
  }

  async stop() {
    await Promise.all([this.loop.stop(), this.pushLoop.stop()]);
  }

  /**
   * Look for texts now instead of at the next poll (after a commit that queued a text or made a reminder due).
   * Pushes and emails are queued by a text's pass itself, which wakes the push loop when it sent one.
   */
  kick() {
    this.loop.kick();
  }

  /** Both loops look now: the clock moved (a test's), so reminders, retries and pushes may all be due. */
  wake() {
    this.loop.kick();
    this.pushLoop.kick();
  }

  /**
   * One pass of both loops, one after the other (tests): reminders due by the clock, texts due (each deciding its
   * notification's other channels), the emails due, then the pushes due. Returns how many rows it handled.
   */
  async tick(): Promise<number> {
    return (await this.textsAndMail()) + (await this.pushes());
  }

  private async textsAndMail(): Promise<number> {
    const reminders = await processDueReminders(this.ctx);
    const texts = await sendDueSms(this.ctx, this.sms);
    // a text just queued its pushes: the push loop sends them beside this one
    if (texts > 0) this.pushLoop.kick();
    const mails = await sendDueDeliveries(this.ctx, { mail: this.mail, push: this.push }, 'email');
    return reminders + texts + mails;
  }

  private pushes(): Promise<number> {
    return sendDueDeliveries(this.ctx, { mail: this.mail, push: this.push }, 'push');
  }
}
