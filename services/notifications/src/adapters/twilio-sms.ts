import twilio from 'twilio';
import { SmsSendError, type OutgoingSms, type SmsPort } from './sms-port';

export interface TwilioSmsOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** Override of https://api.twilio.com: the SMS sandbox, or a local stand-in in tests. */
  apiBaseUrl?: string;
  timeoutMs?: number;
  /** What the texts are recorded as sent by: Twilio, or the SMS sandbox answering Twilio's API. */
  provider?: 'twilio' | 'sandbox';
  /**
   * Where Twilio posts each text's delivery status (issue 40: `/api/notifications/twilio/status` at PUBLIC_URL),
   * with `?ref=<the text's seq>`. None: no status callbacks are asked for.
   */
  statusCallback?: string;
}

/** Texts through Twilio's official SDK. Retries are ours (with backoff, recorded), so the SDK's are off. */
export class TwilioSms implements SmsPort {
  readonly provider: 'twilio' | 'sandbox';
  private readonly client: ReturnType<typeof twilio>;

  constructor(private readonly options: TwilioSmsOptions) {
    this.provider = options.provider ?? 'twilio';
    this.client = twilio(options.accountSid, options.authToken, {
      autoRetry: false,
      timeout: options.timeoutMs ?? 10_000,
    });
    if (options.apiBaseUrl) this.client.api.baseUrl = options.apiBaseUrl.replace(/\/$/, '');
  }

  async send({ to, body, ref }: OutgoingSms) {
    const callback = this.options.statusCallback;
    try {
      const message = await this.client.messages.create({
        to,
        from: this.options.from,
        body,
        ...(callback
          ? { statusCallback: ref ? `${callback}?ref=${encodeURIComponent(ref)}` : callback }
          : {}),
      });
      if (message.status === 'failed' || message.status === 'undelivered') {
        throw new SmsSendError(
          `Twilio reported ${message.status} (${message.errorCode ?? 'no code'})`,
          false,
        );
      }
      return { providerId: message.sid };
    } catch (err) {
      if (err instanceof SmsSendError) throw err;
      const status =
        typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : null;
      const code = (err as { code?: unknown }).code;
      const text = `Twilio${status ? ` ${status}` : ''}${code ? ` (${String(code)})` : ''}: ${(err as Error).message}`;
      // Throttled, Twilio down, or the network: try again later. Any other 4xx is a refusal that will not change.
      const retryable = status === null || status === 429 || status >= 500;
      throw new SmsSendError(text.slice(0, 500), retryable);
    }
  }
}
