// Builds the web app once for all browser-test files, even when jest runs them in parallel workers: a lock
// directory serialises the builds, and a build newer than every source file is reused.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lock = path.join(tmpdir(), `brigade-web-build-${root.replace(/[^a-z0-9]/gi, '_')}.lock`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function fresh(): boolean {
  const built = path.join(root, 'web/dist/index.html');
  if (!existsSync(built)) return false;
  const sources = Math.max(
    newestSource(path.join(root, 'web/src')),
    newestSource(path.join(root, 'contracts/src')),
    newestSource(path.join(root, 'web/public')),
    statSync(path.join(root, 'web/index.html')).mtimeMs,
    statSync(path.join(root, 'web/vite.config.ts')).mtimeMs,
    statSync(path.join(root, 'web/prerender.ts')).mtimeMs,
  );
  return statSync(built).mtimeMs > sources;
}

export async function buildWebOnce(): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than two minutes was left by a killed run.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > 120_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('timed out waiting for another web build');
      await sleep(250);
    }
  }
  try {
    if (fresh()) return;
    // The production build, as deployed: jest sets NODE_ENV=test, with which Vite would build a development one
    // (import.meta.env.PROD false: no service worker registered, workbox's development bundle).
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
