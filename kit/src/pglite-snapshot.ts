import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A fresh in-memory PGlite (tests, and `startEmbedded` without a data folder), started from a snapshot of a
 * freshly initialised one when this machine has it. PGlite's initdb runs PostgreSQL's bootstrap in WebAssembly:
 * about 8 s of CPU per instance, where loading the 44 MB snapshot takes about 2 s. The browser stories and the
 * embedded suites start dozens of products per run on two cores, so that difference is minutes of CI.
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
  if (existsSync(file)) {
    try {
      return await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]), postgresqlconf });
    } catch {
      rmSync(file, { force: true }); // unreadable (a PGlite change the key missed): made again below
    }
  }
  const pglite = await PGlite.create({ postgresqlconf });
  try {
    const dump = await pglite.dumpDataDir('none');
    mkdirSync(path.dirname(file), { recursive: true });
    const building = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(building, Buffer.from(await dump.arrayBuffer()));
    renameSync(building, file);
  } catch {
    // No snapshot (a read-only temp folder): this start and the next simply run initdb.
  }
  return pglite;
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
  const { PGlite } = await import('@electric-sql/pglite');
  const file = snapshotFile(postgresqlconf, prepared.key);
  if (process.env.BRIGADE_PGLITE_SNAPSHOTS !== '0' && existsSync(file)) {
    try {
      return await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]), postgresqlconf });
    } catch {
      rmSync(file, { force: true });
    }
  }
  const pglite = await freshMemoryPglite(postgresqlconf);
  await prepared.prepare(pglite);
  if (process.env.BRIGADE_PGLITE_SNAPSHOTS === '0') return pglite;
  try {
    await pglite.exec('checkpoint');
    const dump = await pglite.dumpDataDir('none');
    mkdirSync(path.dirname(file), { recursive: true });
    const building = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(building, Buffer.from(await dump.arrayBuffer()));
    renameSync(building, file);
  } catch {
    // no snapshot: the next start prepares again
  }
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
  return path.join(os.tmpdir(), 'brigade-pglite-snapshots', `${prepared ? 'prepared' : 'initdb'}-${key}.tar`);
}
