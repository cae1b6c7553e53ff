import { SMTPServer } from 'smtp-server';
import type { Database, Logger } from '@brigade/kit';
import { recordMail } from './store';

/** A header line's value as sent, unfolded (`List-Unsubscribe: <https://...>` -> `<https://...>`). */
const valueOf = (line: string) =>
  line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();

/**
 * The sandbox's SMTP server: no authentication and no TLS (it listens on localhost or a private network only),
 * each mail parsed and kept before the server answers 250, so a sender that was told "sent" finds it in the
 * outbox at once.
 */
export function createSmtpServer(deps: {
  database: Database;
  logger: Logger;
  now: () => Date;
  maxBytes: number;
}): SMTPServer {
  const { database, logger, now } = deps;
  const server = new SMTPServer({
    name: 'mail-sandbox.brigade.local',
    banner: 'Brigade mail sandbox',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: deps.maxBytes,
    logger: false,
    // A stopping sandbox tells connections still open (a mailer's pool keeps them between mails) 421 after 1 s,
    // rather than smtp-server's 30 s: a sender then retries as it would on any server going down.
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      // mailparser (about 30 MB) loads with the first mail
      import('mailparser')
        .then(({ simpleParser }) => simpleParser(stream))
        .then(async (parsed) => {
          if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
            const err = new Error('Message exceeds the fixed maximum message size') as Error & {
              responseCode: number;
            };
            err.responseCode = 552;
            throw err;
          }
          const headers: Record<string, string> = {};
          for (const h of parsed.headerLines) headers[h.key] ??= valueOf(h.line);
          const from = session.envelope.mailFrom;
          await recordMail(database, {
            message_id: parsed.messageId ?? null,
            from_address: from ? from.address.toLowerCase() : null,
            to_addresses: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text_body: parsed.text ?? null,
            html_body: typeof parsed.html === 'string' ? parsed.html : null,
            headers,
            sent_at: now(),
          });
        })
        .then(
          () => callback(),
          (err: Error & { responseCode?: number }) => {
            if (!err.responseCode) logger.warn({ err: err.message }, 'mail not kept');
            callback(err);
          },
        );
    },
  });
  server.on('error', (err) => logger.warn({ err: err.message }, 'mail sandbox SMTP error'));
  return server;
}
