import { AppError, type Database, type Logger } from '@brigade/kit';
import { LIMITS } from '@brigade/contracts';
import { randomInt } from 'node:crypto';
import {
  countWrongTry,
  deletePendingCode,
  lockPendingCode,
  replacePendingCode,
  sandboxOutbox,
} from '../db/verification-codes.repository';
import { IdentityErrors } from '../domain/errors';
import { hashCode } from '../domain/tokens';

export type CheckResult = 'approved' | 'wrong' | 'expired' | 'too_many_attempts';

/** Whose code: the account that asked for it, and its phone (E.164). */
export interface CodeOwner {
  phone: string;
  accountId: string;
}

/**
 * The SMS verification port: Twilio Verify in production, the sandbox without keys. Identity decides who may
 * get and use a code (the account's own phone, the per-phone text limit, only an account that asked); the
 * provider texts and checks it.
 */
export interface PhoneVerifier {
  readonly mode: 'twilio' | 'sandbox';
  send(owner: CodeOwner, language: 'en' | 'es'): Promise<void>;
  check(owner: CodeOwner, code: string): Promise<CheckResult>;
}

export const MAX_WRONG_TRIES = 5;

const TEXTS = {
  en: (code: string) => `Your Brigade verification code is ${code}. It expires in 10 minutes.`,
  es: (code: string) => `Tu código de verificación de Brigade es ${code}. Vence en 10 minutos.`,
};

/**
 * Sandbox verifier: behaves like Twilio Verify (6-digit code, expiry, at most 5 wrong tries per code, a new
 * code replaces the old one) but keeps one pending code per account, so another account's sign-up on the same
 * phone never replaces it; records every SMS it would send in the dev outbox (GET /api/dev/sms).
 */
export class SandboxVerifier implements PhoneVerifier {
  readonly mode = 'sandbox' as const;
  constructor(
    private readonly database: Database,
    private readonly ttlSeconds: number,
  ) {}

  async send({ phone, accountId }: CodeOwner, language: 'en' | 'es') {
    const code = String(randomInt(0, 10 ** LIMITS.verificationCodeLength)).padStart(
      LIMITS.verificationCodeLength,
      '0',
    );
    const expiresAt = new Date(Date.now() + this.ttlSeconds * 1000);
    const pending = { phone, codeHash: hashCode(phone, code), expiresAt, failedAttempts: 0 };
    await replacePendingCode(this.database, accountId, pending, TEXTS[language](code));
  }

  async check({ phone, accountId }: CodeOwner, code: string): Promise<CheckResult> {
    return this.database.transaction(async (tx) => {
      const key = { accountId, phone };
      const row = await lockPendingCode(tx, key);
      if (!row) return 'wrong';
      if (row.failedAttempts >= MAX_WRONG_TRIES) return 'too_many_attempts';
      if (row.expiresAt.getTime() < Date.now()) return 'expired';
      if (row.codeHash !== hashCode(phone, code)) {
        await countWrongTry(tx, key);
        return row.failedAttempts + 1 >= MAX_WRONG_TRIES ? 'too_many_attempts' : 'wrong';
      }
      await deletePendingCode(tx, key);
      return 'approved';
    });
  }

  async outbox(limit = 100) {
    const rows = await sandboxOutbox(this.database, limit);
    return rows.map((r) => ({ to: r.to_phone, body: r.body, sent_at: new Date(r.sent_at).toISOString() }));
  }
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
  /** Override of https://verify.twilio.com (a local stand-in of the Verify API in tests). */
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
  readonly mode = 'twilio' as const;
  private client: any;
  constructor(
    private readonly options: TwilioVerifierOptions,
    private readonly logger: Logger,
  ) {}

  private async api() {
    if (!this.client) {
      const twilio = (await import('twilio')).default;
      // autoRetry covers 429 only (Twilio's advice); time-outs and 5xx come back to the person as a 503.
      this.client = twilio(this.options.accountSid, this.options.authToken, {
        autoRetry: true,
        maxRetries: 2,
        timeout: this.options.timeoutMs,
      });
      if (this.options.apiBaseUrl) this.client.verify.baseUrl = this.options.apiBaseUrl.replace(/\/$/, '');
    }
    return this.client.verify.v2.services(this.options.serviceSid);
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
