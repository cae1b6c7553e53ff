// The embedded product's data folder: PGlite's data directory (copied from the template `npm install` made, or
// made by initdb in a child process), and the demo marker.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgliteVersion } from '../kit/src/pglite-snapshot';

export const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * The embedded PGlite's settings: small shared buffers (PostgreSQL's 128 MB default sits in the process's
 * WebAssembly memory; the demo's data needs far less), which takes about 140 MB off every start.
 */
export const PGLITE_CONF = ['shared_buffers = 16MB'];

/**
 * A fresh data directory (the first `npm start`): a copy of the template `npm install` made (below), else made
 * by PGlite's initdb (`runInitdb`). Either is built beside the directory and renamed into place when complete,
 * so an interrupted first start never leaves a half-made database behind.
 */
export function initPgliteDataDir(dataDir: string, log: (s: string) => void = () => {}) {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(
      `${dataDir} is not an embedded database (no PG_VERSION) and not empty: set another BRIGADE_DATA_DIR.`,
    );
  const building = path.resolve(`${dataDir}.init-${process.pid}`);
  rmSync(building, { recursive: true, force: true });
  const template = pgliteTemplateDir();
  if (existsSync(path.join(template, 'PG_VERSION'))) cpSync(template, building, { recursive: true });
  else {
    log('Creating the embedded database (first start only)...');
    runInitdb(building);
  }
  rmSync(dataDir, { recursive: true, force: true }); // empty, checked above
  renameSync(building, dataDir);
}

/**
 * What initdb makes, made once by `npm install` (the root `postinstall`, scripts/embedded-template.ts) and
 * copied by every first start: initdb's child peaks at 410-430 MB, a copy at next to nothing. It lives under
 * node_modules/.cache (made again with node_modules), keyed by PGlite's version and the settings, so another
 * PGlite never starts from another's files. Without it (`npm install --ignore-scripts`) the start runs initdb.
 */
export function pgliteTemplateDir(): string {
  const key = createHash('sha256')
    .update(JSON.stringify({ version: pgliteVersion(), conf: PGLITE_CONF }))
    .digest('hex')
    .slice(0, 16);
  return path.join(ROOT, 'node_modules/.cache/brigade', `pglite-initdb-${key}`);
}

/** Make the template when it is missing (several installs at once: each builds its own, the first rename wins). */
export function makePgliteTemplate(): string {
  const template = pgliteTemplateDir();
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  const building = `${template}.init-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  runInitdb(building);
  try {
    renameSync(building, template);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another install's came first
  }
  return template;
}

/**
 * PGlite's initdb into `building`, in a child process: initdb's WebAssembly memory (never given back) is then
 * the child's, gone before any service loads, instead of staying in the server for its whole life.
 *
 * The child keeps its peak at 410-430 MB (PGlite's own `PGlite.create(dir)` peaked at 650-670 MB):
 * - PGlite runs initdb's postgres in a second instance. Given a directory (its NodeFS), that instance writes the
 *   new database into its own memory, which is then dumped to a tar and unpacked onto the disk, all while the
 *   second instance (its 128 MB heap and PGlite's 128 MB copy of it) is still alive. Given a MemoryFS, PGlite
 *   lets initdb write straight into the first instance's files instead; so the child gives it a MemoryFS whose
 *   data folder is the building directory on disk (Emscripten's NODEFS, mounted exactly as PGlite's NodeFS
 *   mounts it). Should a later PGlite stop treating a MemoryFS so, it would fall back to the tar into the same
 *   folder: the same database, at the old peak.
 * - initdb's own postgres runs get the 16 MB shared buffers too (`--set`), so its heap never grows past 128 MB.
 */
function runInitdb(building: string) {
  mkdirSync(building, { recursive: true });
  const script = `const { PGlite, MemoryFS } = await import('@electric-sql/pglite');
    const dir = process.argv[1];
    class DiskBackedMemoryFS extends MemoryFS {
      async init(pg, opts) {
        const { emscriptenOpts } = await super.init(pg, opts);
        const mountData = (mod) => {
          mod.FS.mkdirTree(mod.ENV.PGDATA);
          mod.FS.mount(mod.NODEFS, { root: dir }, mod.ENV.PGDATA);
        };
        return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), mountData] } };
      }
    }
    const pg = await PGlite.create({
      fs: new DiskBackedMemoryFS(),
      postgresqlconf: ${JSON.stringify(PGLITE_CONF)},
      initDbStartParams: ${JSON.stringify(PGLITE_CONF.flatMap((c) => ['--set', c.replace(/\s*=\s*/, '=')]))},
    });
    await pg.close();`;
  // --liftoff-only: initdb runs once, so V8's baseline WebAssembly compiler is enough (about 100 MB less).
  const r = spawnSync(process.execPath, ['--liftoff-only', '--input-type=module', '-e', script, building], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0 || !existsSync(path.join(building, 'PG_VERSION')))
    throw new Error(`The embedded database could not be created in ${building} (initdb exited ${r.status}).`);
}

export function markerPath(dataDir: string) {
  return path.join(dataDir, 'seeded.json');
}

export function writeMarker(dataDir: string, content: unknown) {
  writeFileSync(markerPath(dataDir), JSON.stringify(content, null, 2));
}

/**
 * The demo marker: `complete` once every demo account works (an interrupted first start leaves none, and the
 * next start completes the demo). A marker from before it had `complete` was only written after a full seed.
 */
export function readMarker(dataDir: string): { complete: boolean; accounts: string[] } | null {
  try {
    const content = JSON.parse(readFileSync(markerPath(dataDir), 'utf8'));
    return { complete: content.complete ?? true, accounts: content.accounts ?? [] };
  } catch {
    return null;
  }
}
