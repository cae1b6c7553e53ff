import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The embedded default keeps every service's data in one PGlite directory (`.data/pglite` at the repository
 * root, or BRIGADE_DATA_DIR). PGlite is PostgreSQL inside one process: two processes opening the same directory
 * would corrupt it. Whoever opens it (`npm start`, `npm run ledger:check`) holds a pid file next to it first.
 */
export function embeddedDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
  return path.resolve(env.BRIGADE_DATA_DIR || path.join(root, '.data/pglite'));
}

const lockFile = (dataDir: string) => path.join(path.dirname(dataDir), 'running.pid');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of another live process holding this data directory, or null. */
export function embeddedDataHolder(dataDir: string): number | null {
  const file = lockFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
}

export class EmbeddedDataBusy extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Brigade's embedded data (${dataDir}) is open in another process (pid ${pid}). Stop that process first ` +
        '(Ctrl-C in the terminal running `npm start`): the embedded database can only be opened by one process.',
    );
    this.name = 'EmbeddedDataBusy';
  }
}

/** Hold the data directory for this process; returns the release function. Throws EmbeddedDataBusy. */
export function claimEmbeddedData(dataDir: string): () => void {
  const holder = embeddedDataHolder(dataDir);
  if (holder) throw new EmbeddedDataBusy(dataDir, holder);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const file = lockFile(dataDir);
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}
