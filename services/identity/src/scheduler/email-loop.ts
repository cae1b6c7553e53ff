import { WorkLoop } from '@brigade/kit';
import type { IdentityContext } from '../context';
import { mailDue } from '../db/email-verifications.repository';
import { sendNextVerificationMail } from '../use-cases/send-verification-mail';

/** Mails sent per pass before the loop starts another (a pass that did work runs again at once). */
const BATCH = 20;

/**
 * Issue 40: the verification mails, sent after the commits that asked for them: kicked by each new link, and
 * every EMAIL_POLL_MS for retries and mails a crash left behind. Runs only with a mailer (SMTP_URL).
 */
export class EmailLoop {
  private readonly loop: WorkLoop;

  constructor(
    private readonly ctx: IdentityContext,
    pollMs: number,
  ) {
    this.loop = new WorkLoop({
      name: 'identity email',
      pollMs,
      logger: ctx.logger,
      pass: () => this.pass(),
      idleCheck: () => mailDue(ctx.database),
    });
  }

  start() {
    if (this.ctx.mailer) this.loop.start();
  }

  kick() {
    this.loop.kick();
  }

  stop() {
    return this.loop.stop();
  }

  /** One pass: the mails due, at most BATCH. Returns how many were handled. */
  async pass(): Promise<number> {
    let handled = 0;
    while (handled < BATCH && (await sendNextVerificationMail(this.ctx))) handled++;
    return handled;
  }
}
