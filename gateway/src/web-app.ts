import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * Paths that are never a screen of the web app: the API, the sandbox, and what probes and scrapers try
 * (`/healthz`, `/livez`, `/metrics`, `/status`...). Unknown ones get the gateway's JSON 404, not the page.
 */
const NOT_A_SCREEN =
  /^\/(api|sandbox)(\/|$)|^\/(health|healthz|ready|readyz|live|livez|liveness|readiness|status|statusz|metrics|ping|version|info|actuator|_health|debug)(\/|\.json$|$)/i;

/**
 * The built web app on the same origin: hashed assets cached for a year, other files for an hour, and
 * `index.html` for every other path outside `/api/`, `/sandbox/` and probe paths (client-side routes). Without a build in
 * `dist`, a page that says how to make one.
 */
export function webAppRouter(dist: string | undefined): Router {
  const router = Router();
  if (dist && existsSync(path.join(dist, 'index.html'))) {
    router.use(
      '/assets',
      express.static(path.join(dist, 'assets'), {
        immutable: true,
        maxAge: '1y',
        index: false,
        fallthrough: false,
      }),
    );
    router.use(express.static(dist, { index: false, maxAge: '1h' }));
    router.get('/{*splat}', (req, res, next) => {
      if (NOT_A_SCREEN.test(req.path)) return next();
      res.setHeader('cache-control', 'no-cache');
      res.sendFile(path.join(dist, 'index.html'));
    });
  } else {
    router.get('/', (_req, res) => {
      res
        .type('html')
        .send(
          '<!doctype html><title>Brigade</title><p>The web app is not built. Run <code>npm run build</code>.</p>',
        );
    });
  }
  return router;
}
