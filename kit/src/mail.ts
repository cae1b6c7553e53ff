import nodemailer from 'nodemailer';

// Issue 40: the mail port. Every service that sends email does it through `createMailer`: nodemailer over SMTP
// (SMTP_URL: `smtp://user:pass@host:587`, `smtps://...:465`; the mail sandbox's `smtp://127.0.0.1:<port>` in the
// embedded default), from MAIL_FROM. A failure says whether trying again later can help.

/** One mail: plain text and simple HTML, with headers of its own (List-Unsubscribe, a stable Message-ID...). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Send one mail; the Message-ID the SMTP server took it under. Throws a `MailError`. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  /** Close the pooled connections. */
  close(): void;
}

export interface MailerSettings {
  SMTP_URL: string;
  MAIL_FROM: string;
  /** Per connection, greeting and socket step (nodemailer's three time-outs); default 10 s. */
  timeoutMs?: number;
}

/** Connection trouble and SMTP's 4xx answers pass; 5xx answers, a refused login or a bad address do not. */
export class MailError extends Error {
  constructor(
    message: string,
    /** Worth trying again later (the server was unreachable, timed out, or answered 4xx). */
    readonly retryable: boolean,
    /** nodemailer's code (`ECONNECTION`, `EAUTH`, `EENVELOPE`...), when it gave one. */
    readonly code?: string,
    /** The SMTP server's reply code (421, 450, 550...), when it answered. */
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

const PASSING_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET']);

/** What a nodemailer failure means for the caller: try again later, or give up on this mail. */
export function toMailError(err: unknown): MailError {
  if (err instanceof MailError) return err;
  const e = (err ?? {}) as { message?: string; code?: string; responseCode?: number };
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const retryable =
    responseCode !== undefined
      ? responseCode >= 400 && responseCode < 500
      : code !== undefined && PASSING_CODES.has(code);
  return new MailError(e.message ?? String(err), retryable, code, responseCode);
}

/** The mailer of SMTP_URL and MAIL_FROM (a pooled SMTP transport). */
export function createMailer(settings: MailerSettings): Mailer {
  const url = new URL(settings.SMTP_URL);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol})`);
  const timeout = settings.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    url: settings.SMTP_URL,
    pool: true,
    maxConnections: 2,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(message) {
      // A Message-ID of the caller's (a stable one: the same mail sent again is recognised as the same)
      const headers = { ...message.headers };
      const idKey = Object.keys(headers).find((k) => k.toLowerCase() === 'message-id');
      const messageId = idKey ? headers[idKey] : undefined;
      if (idKey) delete headers[idKey];
      try {
        const info = await transport.sendMail({
          from: settings.MAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers,
          ...(messageId ? { messageId } : {}),
        });
        return { messageId: info.messageId };
      } catch (err) {
        throw toMailError(err);
      }
    },
    close() {
      transport.close();
    },
  };
}
