import { randomBytes } from 'node:crypto';

/** A Twilio sid: two letters and 32 hex digits (`VE...` a verification, `SM...` a message). */
export const twilioSid = (prefix: 'VE' | 'SM' | 'VL') => `${prefix}${randomBytes(16).toString('hex')}`;

/** Twilio's E.164 check of a `To` number. */
export const isE164 = (phone: string | undefined): phone is string => /^\+[1-9]\d{6,14}$/.test(phone ?? '');

/** An error as Twilio answers it: `{ code, message, more_info, status }`, which the SDK turns into a RestException. */
export class TwilioError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }

  get body() {
    return {
      code: this.code,
      message: this.message,
      more_info: `https://www.twilio.com/docs/errors/${this.code}`,
      status: this.status,
    };
  }
}

export const TwilioErrors = {
  authenticate: () => new TwilioError(401, 20003, 'Authenticate'),
  notFound: (path: string) => new TwilioError(404, 20404, `The requested resource ${path} was not found`),
  invalidParameter: (name: string, value?: string) =>
    new TwilioError(400, 60200, `Invalid parameter \`${name}\`${value ? `: ${value}` : ''}`),
  maxCheckAttempts: () => new TwilioError(429, 60202, 'Max check attempts reached'),
  maxSendAttempts: () => new TwilioError(429, 60203, 'Max send attempts reached'),
  invalidTo: (to: string) =>
    new TwilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`),
  missingBody: () => new TwilioError(400, 21602, 'Message body is required.'),
  missingFrom: () => new TwilioError(400, 21603, "A 'From' phone number is required."),
};
