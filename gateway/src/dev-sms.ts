import { Router, type Response } from 'express';
import { jsonBodyParser, zodMessage } from '@brigade/kit';
import { notificationsHttp } from '@brigade/contracts';
import { smsPage, type SandboxSms } from './docs';

const noSandbox = (res: Response) =>
  res.status(404).json({ error: 'The SMS sandbox is not active', code: 'GATEWAY.NO_SANDBOX' });

/**
 * The SMS sandbox's outbox (sandboxes/sms at SMS_SANDBOX_URL), `/api/dev/sms` (JSON) and `/dev/sms` (a page):
 * verification codes (identity's Verify calls) and texts (notifications'), newest first. 404 without a sandbox
 * (real Twilio keys) or when it does not answer, and without asking it when `enabled` is false (production).
 */
export function devSmsRouter(sandboxUrl: string | undefined, enabled: boolean): Router {
  const outbox = async (query: { to?: string; limit?: number }): Promise<SandboxSms[] | null> => {
    if (!enabled || !sandboxUrl) return null;
    const params = new URLSearchParams({ limit: String(query.limit ?? 100) });
    if (query.to) params.set('to', query.to);
    try {
      const r = await fetch(`${sandboxUrl.replace(/\/$/, '')}/sandbox/sms/outbox?${params}`, {
        signal: AbortSignal.timeout(5000),
      });
      if (!r.ok) return null;
      const { messages } = (await r.json()) as { messages: SandboxSms[] };
      return messages.map(({ to, body, sent_at }) => ({ to, body, sent_at }));
    } catch {
      return null;
    }
  };
  const router = Router();
  router.get('/api/dev/sms', async (req, res) => {
    const query = notificationsHttp.DevSmsQuery.safeParse(req.query);
    if (!query.success)
      return void res.status(400).json({ error: zodMessage(query.error), code: 'VALIDATION.FAILED' });
    const messages = await outbox(query.data);
    if (!messages) return void noSandbox(res);
    res.json({ messages });
  });
  // Issue 40: someone texts Brigade (STOP, START, HELP...): the sandbox posts it signed to notifications' inbound
  // webhook, as Twilio would, and answers what was texted back.
  router.post('/api/dev/sms/inbound', jsonBodyParser('16kb'), async (req, res) => {
    const body = notificationsHttp.DevSmsInboundRequest.safeParse(req.body);
    if (!body.success)
      return void res.status(400).json({ error: zodMessage(body.error), code: 'VALIDATION.FAILED' });
    if (!enabled || !sandboxUrl) return void noSandbox(res);
    try {
      const r = await fetch(`${sandboxUrl.replace(/\/$/, '')}/sandbox/sms/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body.data),
        signal: AbortSignal.timeout(15_000),
      });
      if (!r.ok) return void noSandbox(res);
      res.json(notificationsHttp.DevSmsInboundResponse.parse(await r.json()));
    } catch {
      noSandbox(res);
    }
  });
  router.get('/dev/sms', async (_req, res) => {
    const messages = await outbox({});
    if (!messages) return void noSandbox(res);
    res.setHeader('cache-control', 'no-store');
    res.type('html').send(smsPage(messages));
  });
  return router;
}
