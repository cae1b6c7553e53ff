// The web app's build for `npm start` on a fresh clone (web/dist missing), kept light to import: the start runs
// it before the product loads, so the build's memory and the product's never add up.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './embedded-data-dir';

/**
 * What the build is run with: `vite build` (web's `build` script) straight from Node, without npm's own process
 * in between, and with the bundler's memory held down. Vite 8 bundles with rolldown, whose native threads
 * allocate from mimalloc: given back to the system at once (MIMALLOC_PURGE_DELAY=0) and one worker of each
 * pool, the build peaked at 300-310 MB instead of 520-535 MB (the same files, about as fast on two cores).
 * The V8 heap cap is a guard only: the build's JavaScript heap stays under 100 MB.
 */
export const WEB_BUILD = {
  nodeOptions: ['--max-old-space-size=256', '--max-semi-space-size=1'],
  env: {
    MIMALLOC_PURGE_DELAY: '0',
    MALLOC_ARENA_MAX: '1',
    RAYON_NUM_THREADS: '1',
    TOKIO_WORKER_THREADS: '1',
    UV_THREADPOOL_SIZE: '1',
  },
};

/** Build the web client if it has never been built (the first `npm start` on a fresh clone). */
export function ensureWebBuilt(log: (s: string) => void) {
  if (existsSync(path.join(ROOT, 'web/dist/index.html'))) return;
  if (!existsSync(path.join(ROOT, 'web/vite.config.ts'))) return;
  log('Building the web app (first start only)...');
  const web = path.join(ROOT, 'web');
  const vite = [
    path.join(web, 'node_modules/vite/bin/vite.js'),
    path.join(ROOT, 'node_modules/vite/bin/vite.js'),
  ].find((p) => existsSync(p));
  const r = vite
    ? spawnSync(process.execPath, [...WEB_BUILD.nodeOptions, vite, 'build'], {
        cwd: web,
        env: { ...process.env, ...WEB_BUILD.env },
        stdio: 'inherit',
      })
    : spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0)
    log('The web app did not build; the API still runs. Fix the build and run `npm run build`.');
}
