import type { EmailMessage } from '../domain/email';

/** The one thing notifications needs from a mail server (SMTP through kit's mailer; the mail sandbox by default). */
export interface MailPort {
  /** Resolves with the message id; throws (a `retryable` property false for a permanent refusal) when it cannot. */
  send(message: EmailMessage & { to: string }): Promise<{ messageId: string }>;
}
