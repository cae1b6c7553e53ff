import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * The built web app on the same origin: hashed assets cached for a year, other files for an hour, and
 * `index.html` for every other path outside `/api/` and `/sandbox/` (client-side routes). Without a build in
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
      if (req.path.startsWith('/api/') || req.path.startsWith('/sandbox/')) return next();
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
