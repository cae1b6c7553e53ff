import { randomUUID } from 'node:crypto';
import type { SmsPort } from './sms-port';

/**
 * No Twilio credentials: nothing leaves the machine. The text is recorded in notifications.sms like a real one
 * (provider 'sandbox') and shown by GET /dev/sms, the dev outbox the gateway merges at /api/dev/sms.
 */
export class SandboxSms implements SmsPort {
  readonly provider = 'sandbox' as const;
  /** How many texts this instance handed over (tests prove exactly-once across instances with it). */
  sendCount = 0;

  async send(_message: { to: string; body: string }) {
    this.sendCount += 1;
    return { providerId: `sandbox-${randomUUID()}` };
  }
}
