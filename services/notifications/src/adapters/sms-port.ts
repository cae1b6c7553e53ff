export interface OutgoingSms {
  to: string;
  body: string;
  /** Our record of the text (its seq): the status callback names it, so it finds the text before its sid is kept. */
  ref?: string;
}

/** The one thing notifications needs from an SMS provider. */
export interface SmsPort {
  readonly provider: 'twilio' | 'sandbox';
  /** Resolves with the provider's message id; throws SmsSendError (retryable or not) when it cannot send. */
  send(message: OutgoingSms): Promise<{ providerId: string }>;
}

export class SmsSendError extends Error {
  constructor(
    message: string,
    /** false for a permanent refusal (invalid number, unsubscribed): the text is marked failed at once */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}
