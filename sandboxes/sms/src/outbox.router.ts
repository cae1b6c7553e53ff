import { Router } from 'express';
import { z } from 'zod';
import { parse, type Database } from '@brigade/kit';
import { readOutbox } from './store';

const OutboxQuery = z.object({
  /** Only texts to this number (E.164: `+16125550100`). */
  to: z.string().max(32).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/** `GET /sandbox/sms/outbox`: every text that would have gone out, newest first (codes and messages). */
export function outboxRouter(database: Database): Router {
  const router = Router();
  router.get('/outbox', async (req, res) => {
    const query = parse(OutboxQuery, req.query);
    const rows = await readOutbox(database, query.to, query.limit ?? 100);
    res.setHeader('cache-control', 'no-store');
    res.json({
      messages: rows.map((r) => ({
        sid: r.sid,
        kind: r.kind,
        to: r.to_phone,
        from: r.from_phone,
        body: r.body,
        sent_at: new Date(r.sent_at).toISOString(),
        status: r.status ?? null,
        error_code: r.error_code ?? null,
      })),
    });
  });
  return router;
}
