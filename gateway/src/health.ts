import { Router } from 'express';
import type { ServiceName } from './routes';

/**
 * `/health` (this process) and `/ready` (every running service answers its own `/ready`), and their aliases
 * `/healthz` and `/readyz`, the names orchestrators and newcomers try first.
 */
export function healthRouter(services: Partial<Record<ServiceName, string>>): Router {
  const router = Router();
  router.get(['/health', '/healthz'], (_req, res) => {
    res.json({ status: 'ok', service: 'gateway' });
  });
  router.get(['/ready', '/readyz'], async (_req, res) => {
    const checks = await Promise.all(
      Object.entries(services).map(async ([name, url]) => {
        try {
          const r = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2000) });
          return [name, r.ok ? 'ready' : 'not_ready'] as const;
        } catch {
          return [name, 'unreachable'] as const;
        }
      }),
    );
    const ok = checks.every(([, s]) => s === 'ready');
    res
      .status(ok ? 200 : 503)
      .json({ status: ok ? 'ready' : 'not_ready', services: Object.fromEntries(checks) });
  });
  return router;
}
