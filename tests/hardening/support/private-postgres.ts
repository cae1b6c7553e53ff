import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@brigade/kit';

/**
 * A PostgreSQL cluster private to one test (initdb in a temporary directory, `pg_ctl start` on a free port,
 * trust authentication), so that a test may stop and restart it without touching the machine's shared server
 * that other test files use. initdb refuses to run as root: as root, the binaries run as the `postgres` OS
 * user (`runuser`) in a directory it owns. Binaries from PG_BIN, else /usr/lib/postgresql/<newest>/bin.
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Stop the server: `fast` (disconnect clients, clean shutdown) or `immediate` (like a crash). */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** The server's log (what it said about shutdowns, recoveries, refused connections). */
  log(): string;
  destroy(): void;
}

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length > 0 ? path.join(root, versions[0], 'bin') : '';
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  if (!bin || !existsSync(path.join(bin, 'initdb')) || !existsSync(path.join(bin, 'pg_ctl')))
    throw new Error(
      `The PostgreSQL restart test needs initdb and pg_ctl (PostgreSQL server binaries) to run a private ` +
        `cluster: none found under ${bin || '/usr/lib/postgresql/*/bin'}. Install postgresql-15 or set PG_BIN.`,
    );
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'brigade-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  let owner: { uid: number; gid: number } | null = null;
  if (asRoot) {
    const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
    const uid = id('-u');
    const gid = id('-g');
    if (uid.status !== 0)
      throw new Error(
        'Running as root, the private PostgreSQL needs the `postgres` OS user (initdb refuses root)',
      );
    owner = { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
    chownSync(dir, owner.uid, owner.gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const r = spawnSync(command, argv, { encoding: 'utf8', cwd: dir, timeout: 60_000 });
    if (r.status !== 0)
      throw new Error(
        `${tool} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}\n${readLog()}`,
      );
    return r.stdout;
  };
  const readLog = () => {
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const start = () => run('pg_ctl', ['start', '-D', data, '-l', logFile, '-w', '-t', '60', '-o', options]);
  start();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: (mode = 'fast') => void run('pg_ctl', ['stop', '-D', data, '-m', mode, '-w', '-t', '60']),
    start: () => void start(),
    log: readLog,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '30']);
      } catch {
        /* not running */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
