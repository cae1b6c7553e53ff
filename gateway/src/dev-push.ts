import { Router } from 'express';
import { zodMessage } from '@brigade/kit';
import { devPushHttp } from '@brigade/contracts';
import type { z } from 'zod';

type DevPush = z.infer<typeof devPushHttp.DevPush>;

/**
 * Issue 40: the push sandbox's outbox (sandboxes/push at PUSH_SANDBOX_URL), `/api/dev/push` (JSON): every Web
 * Push that would have reached a browser, decrypted, newest first, by endpoint. 404 without a sandbox or when it
 * does not answer, and without asking it when `enabled` is false (production).
 */
export function devPushRouter(sandboxUrl: string | undefined, enabled: boolean): Router {
  const outbox = async (query: { endpoint?: string; limit?: number }): Promise<DevPush[] | null> => {
    if (!enabled || !sandboxUrl) return null;
    const params = new URLSearchParams({ limit: String(query.limit ?? 100) });
    if (query.endpoint) params.set('endpoint', query.endpoint);
    try {
      const r = await fetch(`${sandboxUrl.replace(/\/$/, '')}/sandbox/push/outbox?${params}`, {
        signal: AbortSignal.timeout(5000),
      });
      if (!r.ok) return null;
      const { pushes } = (await r.json()) as { pushes: DevPush[] };
      return pushes.map(({ endpoint, payload, ttl, urgency, received_at }) => ({
        endpoint,
        payload,
        ttl,
        urgency,
        received_at,
      }));
    } catch {
      return null;
    }
  };
  const router = Router();
  router.get('/api/dev/push', async (req, res) => {
    const query = devPushHttp.DevPushQuery.safeParse(req.query);
    if (!query.success)
      return void res.status(400).json({ error: zodMessage(query.error), code: 'VALIDATION.FAILED' });
    const pushes = await outbox(query.data);
    if (!pushes)
      return void res
        .status(404)
        .json({ error: 'The push sandbox is not active', code: 'GATEWAY.NO_SANDBOX' });
    res.setHeader('cache-control', 'no-store');
    res.json({ pushes });
  });
  return router;
}
