// The embedded product's data folder: PGlite's data directory made in a child process, and the demo marker.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * The embedded PGlite's settings: small shared buffers (PostgreSQL's 128 MB default sits in the process's
 * WebAssembly memory; the demo's data needs far less), which takes about 140 MB off every start.
 */
export const PGLITE_CONF = ['shared_buffers = 16MB'];

/**
 * A fresh data directory is made by PGlite's initdb in a child process: initdb's WebAssembly memory (never
 * given back) is then the child's, gone before any service loads, instead of staying in the server for its
 * whole life. It is built beside the directory and renamed into place when complete, so an interrupted first
 * start never leaves a half-made database behind.
 *
 * The child keeps its peak at about 440 MB (PGlite's own `PGlite.create(dir)` peaked at 650-670 MB):
 * - PGlite runs initdb's postgres in a second instance. Given a directory (its NodeFS), that instance writes the
 *   new database into its own memory, which is then dumped to a tar and unpacked onto the disk, all while the
 *   second instance (its 128 MB heap and PGlite's 128 MB copy of it) is still alive. Given a MemoryFS, PGlite
 *   lets initdb write straight into the first instance's files instead; so the child gives it a MemoryFS whose
 *   data folder is the building directory on disk (Emscripten's NODEFS, mounted exactly as PGlite's NodeFS
 *   mounts it). Should a later PGlite stop treating a MemoryFS so, it would fall back to the tar into the same
 *   folder: the same database, at the old peak.
 * - initdb's own postgres runs get the 16 MB shared buffers too (`--set`), so its heap never grows past 128 MB.
 */
export function initPgliteDataDir(dataDir: string) {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(
      `${dataDir} is not an embedded database (no PG_VERSION) and not empty: set another BRIGADE_DATA_DIR.`,
    );
  const building = path.resolve(`${dataDir}.init-${process.pid}`);
  rmSync(building, { recursive: true, force: true });
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
    throw new Error(`The embedded database could not be created in ${dataDir} (initdb exited ${r.status}).`);
  rmSync(dataDir, { recursive: true, force: true }); // empty, checked above
  renameSync(building, dataDir);
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
