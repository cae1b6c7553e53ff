import { Router } from 'express';
import { parse, sql } from '@brigade/kit';
import { notificationsHttp } from '@brigade/contracts';
import type { Ctx } from '../context';

/**
 * GET /dev/sms: the sandbox outbox, every text that would have gone out, newest first. Mounted only when the
 * sandbox is the SMS provider; with Twilio configured the route does not exist (404).
 */
export function devSmsRouter(ctx: Ctx): Router {
  const router = Router();
  router.get('/dev/sms', async (req, res) => {
    const query = parse(notificationsHttp.DevSmsQuery, req.query);
    const rows = await ctx.database.rows<{ to: string; body: string; sent_at: Date | string }>(
      sql`select to_phone as "to", body, sent_at from notifications.sms
          where status = 'sent' and provider = 'sandbox' ${query.to ? sql`and to_phone = ${query.to}` : sql``}
          order by sent_at desc, seq desc
          limit ${query.limit ?? 100}`,
    );
    res.json({
      messages: rows.map((r) => ({ to: r.to, body: r.body, sent_at: new Date(r.sent_at).toISOString() })),
    });
  });
  return router;
}
