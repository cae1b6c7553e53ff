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

/** What a Twilio SDK error carries (a RestException: HTTP status, Twilio's code), read without trusting it. */
function twilioError(err: unknown): { status: number | null; message: unknown; code: unknown } {
  const e = (typeof err === 'object' && err !== null ? err : {}) as Record<string, unknown>;
  return { status: typeof e.status === 'number' ? e.status : null, message: e.message, code: e.code };
}

/**
 * Twilio Verify through the official SDK. Twilio keeps the code, its expiry and its attempt limit. When Twilio
 * times out or answers 5xx/429, the person gets a 503 with a text the verification screen shows (sign-up itself
 * still succeeds: the code can be resent from that screen).
 */
export class TwilioVerifier implements PhoneVerifier {
  private readonly service: ReturnType<ReturnType<typeof twilio>['verify']['v2']['services']>;
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
  private fail(err: unknown, what: string): never {
    const { status, message, code } = twilioError(err);
    this.logger.warn({ err: message, status, code }, `twilio verify ${what} failed`);
    if (status === null || status === 429 || status >= 500) throw smsUnavailable();
    // 60203: too many codes sent to this number.
    if (code === 60203) throw IdentityErrors.tooManyCodes();
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
    } catch (err) {
      // 20404: no pending verification (expired or used up); 60202: max check attempts reached.
      const { code } = twilioError(err);
      if (code === 60202) return 'too_many_attempts';
      if (code === 20404) return 'expired';
      this.fail(err, 'check');
    }
  }
}
