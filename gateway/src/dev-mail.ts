import { Router } from 'express';
import { zodMessage } from '@brigade/kit';
import { devMailHttp } from '@brigade/contracts';
import type { z } from 'zod';

type DevMail = z.infer<typeof devMailHttp.DevMail>;

/**
 * Issue 40: the mail sandbox's outbox (sandboxes/mail at MAIL_SANDBOX_URL), `/api/dev/mail` (JSON): every mail
 * that would have gone out, newest first, by recipient. 404 without a sandbox (a real SMTP_URL) or when it does
 * not answer, and without asking it when `enabled` is false (production).
 */
export function devMailRouter(sandboxUrl: string | undefined, enabled: boolean): Router {
  const outbox = async (query: { to?: string; limit?: number }): Promise<DevMail[] | null> => {
    if (!enabled || !sandboxUrl) return null;
    const params = new URLSearchParams({ limit: String(query.limit ?? 100) });
    if (query.to) params.set('to', query.to);
    try {
      const r = await fetch(`${sandboxUrl.replace(/\/$/, '')}/sandbox/mail/outbox?${params}`, {
        signal: AbortSignal.timeout(5000),
      });
      if (!r.ok) return null;
      const { mails } = (await r.json()) as { mails: DevMail[] };
      return mails.map(({ to, from, subject, text, html, headers, sent_at }) => ({
        to,
        from,
        subject,
        text,
        html,
        headers,
        sent_at,
      }));
    } catch {
      return null;
    }
  };
  const router = Router();
  router.get('/api/dev/mail', async (req, res) => {
    const query = devMailHttp.DevMailQuery.safeParse(req.query);
    if (!query.success)
      return void res.status(400).json({ error: zodMessage(query.error), code: 'VALIDATION.FAILED' });
    const mails = await outbox(query.data);
    if (!mails)
      return void res
        .status(404)
        .json({ error: 'The mail sandbox is not active', code: 'GATEWAY.NO_SANDBOX' });
    res.setHeader('cache-control', 'no-store');
    res.json({ mails });
  });
  return router;
}
