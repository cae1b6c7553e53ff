import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { LANGUAGE_COOKIE } from '@brigade/contracts';
import { preferredEncoding } from './shared-bodies';

/**
 * Paths that are never a screen of the web app: the API, the sandbox, and what probes and scrapers try
 * (`/healthz`, `/livez`, `/metrics`, `/status`...). Unknown ones get the gateway's JSON 404, not the page.
 */
const NOT_A_SCREEN =
  /^\/(api|sandbox)(\/|$)|^\/(health|healthz|ready|readyz|live|livez|liveness|readiness|status|statusz|metrics|ping|version|info|actuator|_health|debug)(\/|\.json$|$)/i;

/**
 * The installable app's files (issue 40), always revalidated: the service worker (`sw.js`, and `registerSW.js`
 * were the plugin to write one), whose every byte decides which build a phone runs, and the web app manifest.
 * An hour in a cache would hold a fixed release back on phones that already have the app.
 */
const REVALIDATED = new Set(['/sw.js', '/registerSW.js', '/manifest.webmanifest']);

/** The landing page as the build wrote it ahead in one language (web/prerender.ts): `landing.<language>.html`. */
const LANDING_FILE = /^landing\.([a-z]{2})\.html$/;

/**
 * The language of the landing page to answer, of those the build wrote it in: the web app's cookie (the visitor's
 * choice, or what the app last showed), else the first of the browser's languages (by `q`) that it was written in,
 * as the app itself picks; else English.
 */
export function landingLanguage(
  cookie: string | undefined,
  acceptLanguage: string | undefined,
  written: ReadonlySet<string>,
): string {
  const chosen = cookie
    ?.split(';')
    .map((c) => c.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  if (chosen && written.has(chosen)) return chosen;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), i };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((l) => l.base).find((l) => written.has(l)) ?? 'en';
}

/**
 * The built web app on the same origin: hashed assets cached for a year, the service worker and the manifest
 * revalidated every time, other files for an hour, and `index.html` for every other path outside `/api/`,
 * `/sandbox/` and probe paths (client-side routes). Without a build in `dist`, a page that says how to make one.
 */
export function webAppRouter(dist: string | undefined): Router {
  const router = Router();
  if (dist && existsSync(path.join(dist, 'index.html'))) {
    router.use('/assets', precompressedAssets(path.join(dist, 'assets')));
    router.use(
      '/assets',
      express.static(path.join(dist, 'assets'), {
        immutable: true,
        maxAge: '1y',
        index: false,
        fallthrough: false,
      }),
    );
    router.use(
      express.static(dist, {
        index: false,
        maxAge: '1h',
        setHeaders(res, file) {
          const name = `/${path.relative(dist, file).split(path.sep).join('/')}`;
          if (!REVALIDATED.has(name)) return;
          res.setHeader('Cache-Control', 'no-cache');
          if (name.endsWith('.webmanifest')) res.setHeader('Content-Type', 'application/manifest+json');
        },
      }),
    );
    // Issue 41: `/` is the landing page written ahead in the visitor's language, where the build wrote it.
    const landings = new Map(
      readdirSync(dist).flatMap((f) => {
        const language = LANDING_FILE.exec(f)?.[1];
        return language ? [[language, path.join(dist, f)] as const] : [];
      }),
    );
    const written = new Set(landings.keys());
    if (landings.size > 0)
      router.get('/', (req, res) => {
        res.setHeader('cache-control', 'no-cache');
        res.vary('Cookie');
        res.vary('Accept-Language');
        const language = landingLanguage(req.headers.cookie, req.headers['accept-language'], written);
        res.sendFile(landings.get(language) ?? path.join(dist, 'index.html'));
      });
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

/**
 * The build's hashed assets as the build compressed them (`<file>.br`, `<file>.gz`, web/precompress.ts; ADR 21),
 * for a browser that accepts brotli or gzip: served as static files themselves (ETags, 304s, HEAD and ranges as
 * for the plain file, the same year-long immutable caching) with the plain file's type, `Content-Encoding` and
 * `Vary: Accept-Encoding`. The compressed files are listed once, when the gateway starts (a build is never
 * changed in place): a name not listed, or a client that accepts neither, goes on to the plain file (compressed
 * per request by the files' middleware).
 */
function precompressedAssets(dir: string): RequestHandler {
  const present = new Set(existsSync(dir) ? readdirSync(dir) : []);
  const encodings = new WeakMap<object, string>();
  const serve = express.static(dir, {
    immutable: true,
    maxAge: '1y',
    index: false,
    fallthrough: false,
    setHeaders(res) {
      const encoding = encodings.get(res);
      if (encoding) res.setHeader('Content-Encoding', encoding);
    },
  });
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    if (name.includes('/') || !present.has(name)) return next();
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : null;
    if (!suffix || !present.has(name + suffix)) return next();
    res.vary('Accept-Encoding');
    res.type(path.extname(name)); // the plain file's type (a static file's is only set when none is)
    encodings.set(res, encoding!);
    req.url = `/${name}${suffix}`;
    serve(req, res, next);
  };
}
