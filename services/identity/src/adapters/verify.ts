import twilio from 'twilio';
import { AppError, type Logger } from '@brigade/kit';
import { IdentityErrors } from '../domain/errors';

export type CheckResult = 'approved' | 'wrong' | 'expired' | 'too_many_attempts';

/** Whose code: the account that asked for it, and its phone (E.164). */
export interface CodeOwner {
  phone: string;
  accountId: string;
}

/**
 * The SMS verification port: Twilio Verify (or the SMS sandbox at its address, through the same SDK). Identity decides who may
 * get and use a code (the account's own phone, the per-phone text limit, only an account that asked); the
 * provider texts and checks it.
 */
export interface PhoneVerifier {
  send(owner: CodeOwner, language: 'en' | 'es'): Promise<void>;
  check(owner: CodeOwner, code: string): Promise<CheckResult>;
}

/** Twilio down, slow or throttling: the person can only try again later (503, never a raw 500). */
export const smsUnavailable = () =>
  new AppError(
    503,
    'IDENTITY.SMS_UNAVAILABLE',
    'We could not reach the SMS service. Please try again in a minute.',
  );
const smsRefused = () =>
  new AppError(400, 'IDENTITY.SMS_REFUSED', 'We could not send a code to this phone number.');

export interface TwilioVerifierOptions {
  accountSid: string;
  authToken: string;
  serviceSid: string;
  /** Override of https://verify.twilio.com: the SMS sandbox, or a stand-in of the Verify API in tests. */
  apiBaseUrl?: string;
  /** Per request; the person is waiting on the verification screen. */
  timeoutMs: number;
}

/**
 * Twilio Verify through the official SDK. Twilio keeps the code, its expiry and its attempt limit. When Twilio
 * times out or answers 5xx/429, the person gets a 503 with a text the verification screen shows (sign-up itself
 * still succeeds: the code can be resent from that screen).
 */
export class TwilioVerifier implements PhoneVerifier {
  private readonly service: any;
  constructor(
    private readonly options: TwilioVerifierOptions,
    private readonly logger: Logger,
  ) {
    // No automatic retries: Verify answers 429 for a burned code (60202) and too many sends (60203), which a
    // retry cannot change (the SDK's autoRetry only retries 429s, with backoff the person would wait through).
    // Throttling, time-outs and 5xx come back to the person as a 503 with a text. The client is built here, not
    // on the first code, so the first person to sign up does not wait for the SDK to load.
    const client = twilio(options.accountSid, options.authToken, {
      autoRetry: false,
      timeout: options.timeoutMs,
    });
    if (options.apiBaseUrl) client.verify.baseUrl = options.apiBaseUrl.replace(/\/$/, '');
    this.service = client.verify.v2.services(options.serviceSid);
  }

  private async api() {
    return this.service;
  }

  /** Provider trouble becomes a 503; a refusal of the number a 400; nothing becomes a raw 500. */
  private fail(err: any, what: string): never {
    const status = typeof err?.status === 'number' ? err.status : null;
    this.logger.warn({ err: err?.message, status, code: err?.code }, `twilio verify ${what} failed`);
    if (status === null || status === 429 || status >= 500) throw smsUnavailable();
    // 60203: too many codes sent to this number.
    if (err?.code === 60203) throw IdentityErrors.tooManyCodes();
    throw smsRefused();
  }

  /** Twilio keys the pending code by phone: identity checks that the account asked for one (phone_texts). */
  async send({ phone }: CodeOwner, language: 'en' | 'es') {
    const service = await this.api();
    try {
      await service.verifications.create({ to: phone, channel: 'sms', locale: language });
    } catch (err) {
      this.fail(err, 'send');
    }
  }

  async check({ phone }: CodeOwner, code: string): Promise<CheckResult> {
    const service = await this.api();
    try {
      const result = await service.verificationChecks.create({ to: phone, code });
      return result.status === 'approved' ? 'approved' : 'wrong';
    } catch (err: any) {
      // 20404: no pending verification (expired or used up); 60202: max check attempts reached.
      if (err?.code === 60202) return 'too_many_attempts';
      if (err?.code === 20404) return 'expired';
      this.fail(err, 'check');
    }
  }
}
