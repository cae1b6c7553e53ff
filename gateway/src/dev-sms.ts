import { Router, type Response } from 'express';
import { zodMessage } from '@brigade/kit';
import { notificationsHttp } from '@brigade/contracts';
import { smsPage, type SandboxSms } from './docs';
import type { ServiceName } from './routes';

const noSandbox = (res: Response) =>
  res.status(404).json({ error: 'The SMS sandbox is not active', code: 'GATEWAY.NO_SANDBOX' });

/**
 * The SMS sandbox outbox, `/api/dev/sms` (JSON) and `/dev/sms` (a page): verification codes (identity) and
 * texts (notifications), newest first. 404 when no service runs an SMS sandbox (real Twilio keys) or serves
 * its outbox, and without asking them when `enabled` is false (production).
 */
export function devSmsRouter(services: Partial<Record<ServiceName, string>>, enabled: boolean): Router {
  const outbox = async (): Promise<SandboxSms[] | null> => {
    if (!enabled) return null;
    const sources = (['identity', 'notifications'] as const)
      .map((s) => services[s])
      .filter(Boolean) as string[];
    const lists = await Promise.all(
      sources.map(async (url) => {
        try {
          const r = await fetch(`${url}/dev/sms`, { signal: AbortSignal.timeout(5000) });
          return r.ok ? ((await r.json()) as { messages: SandboxSms[] }).messages : null;
        } catch {
          return null;
        }
      }),
    );
    if (lists.every((l) => l === null)) return null;
    return lists.flatMap((l) => l ?? []).sort((a, b) => b.sent_at.localeCompare(a.sent_at));
  };
  const router = Router();
  router.get('/api/dev/sms', async (req, res) => {
    const query = notificationsHttp.DevSmsQuery.safeParse(req.query);
    if (!query.success)
      return void res.status(400).json({ error: zodMessage(query.error), code: 'VALIDATION.FAILED' });
    const messages = await outbox();
    if (!messages) return void noSandbox(res);
    const { to, limit } = query.data;
    res.json({ messages: messages.filter((m) => !to || m.to === to).slice(0, limit ?? 100) });
  });
  router.get('/dev/sms', async (_req, res) => {
    const messages = await outbox();
    if (!messages) return void noSandbox(res);
    res.setHeader('cache-control', 'no-store');
    res.type('html').send(smsPage(messages));
  });
  return router;
}
