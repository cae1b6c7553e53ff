import net from 'node:net';
import { availableParallelism } from 'node:os';

/**
 * The bytes one answer takes on the wire (status line, headers and body as the server sent them, TCP
 * payload), for a GET with these headers: one request on its own connection, read to the end.
 */
export async function wireBytes(
  origin: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number; encoding: string | null }> {
  const url = new URL(origin);
  const lines = [`GET ${path} HTTP/1.1`, `Host: ${url.host}`, 'Connection: close'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  const request = `${lines.join('\r\n')}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(request));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.once('error', reject);
    socket.once('end', () => {
      const raw = Buffer.concat(chunks);
      const head = raw.subarray(0, raw.indexOf('\r\n\r\n')).toString('latin1');
      const status = Number(head.split(' ')[1]);
      const encoding = /^content-encoding:\s*(\S+)/im.exec(head)?.[1] ?? null;
      resolve({ status, bytes: raw.length, encoding });
    });
  });
}

/** A process's command name and CPU time (user + system, ms) so far, from its /proc/<pid>/stat text (Linux). */
function statCpu(stat: string): { comm: string; ms: number } {
  const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return { comm, ms: (ticks * 1000) / 100 }; // USER_HZ is 100 on Linux
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
export async function cpuMs(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  return statCpu(await readFile(`/proc/${pid}/stat`, 'utf8')).ms;
}

/** CPU time (ms) used so far by every process on the machine, by pid, with its command name; and the machine's. */
export async function cpuSnapshot(): Promise<{
  byPid: Map<number, { comm: string; ms: number }>;
  machineMs: number;
}> {
  const { readFile, readdir } = await import('node:fs/promises');
  const byPid = new Map<number, { comm: string; ms: number }>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
    if (stat) byPid.set(Number(entry), statCpu(stat)); // else ended meanwhile
  }
  // the machine: every CPU's busy time (all but idle and iowait), softirq work no process is charged with included
  const cpu = (await readFile('/proc/stat', 'utf8')).split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const busyTicks = cpu.reduce((sum, v, i) => (i === 3 || i === 4 ? sum : sum + v), 0);
  return { byPid, machineMs: (busyTicks * 1000) / 100 };
}

/** How busy the machine's CPUs were between two snapshots `ms` apart: 0 (idle) to 1 (every CPU busy). */
export function machineBusyShare(
  before: Awaited<ReturnType<typeof cpuSnapshot>>,
  after: Awaited<ReturnType<typeof cpuSnapshot>>,
  ms: number,
): number {
  return (after.machineMs - before.machineMs) / (ms * availableParallelism());
}

/**
 * Waits until the machine is quiet (every CPU's busy share under `share` over a 2 s window), at most `limitMs`,
 * and says how long it waited and how busy the machine was then: a measure taken while the services still
 * consume an earlier phase's events (a seed, 300 bookings) counts that work against what it measures.
 */
export async function machineQuiet(share = 0.2, limitMs = 120_000): Promise<string> {
  const started = Date.now();
  let busy = 1;
  while (Date.now() - started < limitMs) {
    const before = await cpuSnapshot();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = await cpuSnapshot();
    busy = machineBusyShare(before, after, 2000);
    if (busy < share) break;
  }
  return `the machine at ${(busy * 100).toFixed(0)}% busy after ${((Date.now() - started) / 1000).toFixed(0)} s of waiting for it to be quiet (under ${share * 100}%)`;
}

/**
 * Where the machine's CPU went between two snapshots, in ms per 1,000 answers: the named processes (each a
 * set of pids), PostgreSQL, Redis and RabbitMQ by command name, the bench itself, everything else, and the
 * machine's total (which also holds the kernel's network work that no process is charged with).
 */
export function cpuSplit(
  before: Awaited<ReturnType<typeof cpuSnapshot>>,
  after: Awaited<ReturnType<typeof cpuSnapshot>>,
  named: Record<string, number[]>,
  answers: number,
): Record<string, number> {
  const groups: Record<string, number> = {};
  const groupOf = (pid: number, comm: string) => {
    for (const [name, pids] of Object.entries(named)) if (pids.includes(pid)) return name;
    if (pid === process.pid) return 'bench';
    if (comm === 'postgres') return 'postgres';
    if (comm.startsWith('redis-server')) return 'redis';
    if (comm === 'beam.smp') return 'rabbitmq';
    return 'other';
  };
  for (const [pid, { comm, ms }] of after.byPid) {
    const used = ms - (before.byPid.get(pid)?.ms ?? 0);
    if (used > 0) groups[groupOf(pid, comm)] = (groups[groupOf(pid, comm)] ?? 0) + used;
  }
  const perThousand = (ms: number) => Math.round((ms / answers) * 1000 * 10) / 10;
  const split: Record<string, number> = {};
  for (const [name, ms] of Object.entries(groups)) split[name] = perThousand(ms);
  split.machine = perThousand(after.machineMs - before.machineMs);
  return split;
}
