import { Router } from 'express';
import { z } from 'zod';
import { parse, type Database } from '@brigade/kit';
import { readOutbox, type MailRow } from './store';

const OutboxQuery = z.object({
  /** Only mails to this address (any case). */
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/** A kept mail as the outbox answers it (`GET /sandbox/mail/outbox`, the gateway's `/api/dev/mail`). */
export function presentMail(r: MailRow) {
  return {
    id: String(r.seq),
    message_id: r.message_id,
    to: r.to_addresses.join(', '),
    from: r.from_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    headers: r.headers,
    sent_at: new Date(r.sent_at).toISOString(),
  };
}
export type SandboxMail = ReturnType<typeof presentMail>;

/** `GET /sandbox/mail/outbox`: every mail that would have gone out, newest first. */
export function outboxRouter(database: Database): Router {
  const router = Router();
  router.get('/outbox', async (req, res) => {
    const query = parse(OutboxQuery, req.query);
    const rows = await readOutbox(database, query.to, query.limit ?? 100);
    res.setHeader('cache-control', 'no-store');
    res.json({ mails: rows.map(presentMail) });
  });
  return router;
}
