import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A fresh in-memory PGlite (tests, and `startEmbedded` without a data folder), started from a snapshot of a
 * freshly initialised one when this machine has it. PGlite's initdb runs PostgreSQL's bootstrap in WebAssembly:
 * about 8 s of CPU per instance, where loading the snapshot takes about 1.5 s. The browser stories and the
 * embedded suites start dozens of products per run on two cores, so that difference is minutes of CI.
 *
 * The snapshot is gzipped: the data directory is 40 MB (64 MB migrated), half of it two 16 MB WAL segments of
 * mostly zeros, and reading, copying into a Blob and handing over that many bytes cost more than inflating 6 MB
 * (the migrated product's start from it: 1.3 s of wall and 1.6 s of CPU against 1.9 s and 2.3 s).
 *
 * The snapshot is what initdb made and nothing else (no schema, no migration): every caller migrates as it
 * would on a new instance. It is keyed by PGlite's version and the settings, kept in the machine's temp folder,
 * written beside and renamed into place (several test workers may make it at once), and made again when it
 * cannot be read. `BRIGADE_PGLITE_SNAPSHOTS=0` turns it off.
 */
export async function freshMemoryPglite(
  postgresqlconf: string[] = [],
  prepared?: PreparedSnapshot,
): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (prepared) return preparedMemoryPglite(postgresqlconf, prepared);
  if (process.env.BRIGADE_PGLITE_SNAPSHOTS === '0') return PGlite.create({ postgresqlconf });
  const file = snapshotFile(postgresqlconf);
  const loaded = await loadSnapshot(file, postgresqlconf);
  if (loaded) return loaded;
  const pglite = await PGlite.create({ postgresqlconf });
  // No snapshot written (a read-only temp folder): this start and the next simply run initdb.
  await saveSnapshot(pglite, file);
  return pglite;
}

/** An instance from the snapshot in `file`, or null when there is none (an unreadable one is removed). */
async function loadSnapshot(file: string, postgresqlconf: string[]): Promise<PGlite | null> {
  if (!existsSync(file)) return null;
  const { PGlite } = await import('@electric-sql/pglite');
  try {
    return await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]), postgresqlconf });
  } catch {
    rmSync(file, { force: true }); // unreadable (a PGlite change the key missed): made again by the caller
    return null;
  }
}

/** Write the instance's data directory to `file` (whole or not at all); false when it could not be written. */
async function saveSnapshot(pglite: PGlite, file: string): Promise<boolean> {
  try {
    const dump = await pglite.dumpDataDir('gzip');
    mkdirSync(path.dirname(file), { recursive: true });
    const building = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(building, Buffer.from(await dump.arrayBuffer()));
    renameSync(building, file);
    return true;
  } catch {
    return false;
  }
}

/**
 * What to do to a fresh instance before it is snapshotted too (the embedded product's migrations: about 15 s of
 * CPU per start of the product on a loaded 2-core machine), named by `key`: a hash of everything `prepare` runs.
 */
export interface PreparedSnapshot {
  key: string;
  prepare: (pglite: PGlite) => Promise<void>;
}

/** A fresh instance with `prepared` done: loaded from its snapshot, else made (and snapshotted) here. */
async function preparedMemoryPglite(postgresqlconf: string[], prepared: PreparedSnapshot): Promise<PGlite> {
  const file = snapshotFile(postgresqlconf, prepared.key);
  const snapshots = process.env.BRIGADE_PGLITE_SNAPSHOTS !== '0';
  const loaded = snapshots ? await loadSnapshot(file, postgresqlconf) : null;
  if (loaded) return loaded;
  const pglite = await freshMemoryPglite(postgresqlconf);
  await prepared.prepare(pglite);
  if (!snapshots) return pglite;
  // no snapshot written: the next start prepares again
  await pglite.exec('checkpoint').then(
    () => saveSnapshot(pglite, file),
    () => false,
  );
  return pglite;
}

/** PGlite's version, from its package.json (not in its exports: found above its entry file). */
export function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (let i = 0; i < 4; i++, dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
  }
  return 'unknown';
}

function snapshotFile(postgresqlconf: string[], prepared?: string): string {
  const version = pgliteVersion();
  const key = createHash('sha256')
    .update(JSON.stringify({ version, postgresqlconf, ...(prepared ? { prepared } : {}) }))
    .digest('hex')
    .slice(0, 16);
  return path.join(
    os.tmpdir(),
    'brigade-pglite-snapshots',
    `${prepared ? 'prepared' : 'initdb'}-${key}.tar.gz`,
  );
}
