import { Router } from 'express';
import { parse } from '@brigade/kit';
import { notificationsHttp } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { sandboxTexts } from '../db/sms.repository';

/**
 * GET /dev/sms: the sandbox outbox, every text that would have gone out, newest first. Mounted only when the
 * sandbox is the SMS provider; with Twilio configured the route does not exist (404).
 */
export function devSmsRouter(ctx: NotificationsContext): Router {
  const router = Router();
  router.get('/dev/sms', async (req, res) => {
    const query = parse(notificationsHttp.DevSmsQuery, req.query);
    const rows = await sandboxTexts(ctx.database, query.to, query.limit ?? 100);
    res.json({
      messages: rows.map((r) => ({ to: r.to, body: r.body, sent_at: new Date(r.sent_at).toISOString() })),
    });
  });
  return router;
}
