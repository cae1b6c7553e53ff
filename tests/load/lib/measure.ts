import autocannon from 'autocannon';

/**
 * Seconds of the same load before each measured run, not counted (BENCH_WARMUP_SECONDS, default 3). A poll's
 * code runs cold in each of the product's processes (the JIT, each pooled connection's prepared plans) for
 * its first seconds: measured on the held product, a poll's first five seconds ran 10-15% below its later
 * ones. The bare server is warmed the same way.
 */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

/** One figure of the table: throughput and latency of a run, with its errors. */
export interface Figure {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  seconds: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function summarise(
  latencies: number[],
  seconds: number,
  statuses: Record<string, number>,
  errors: number,
): Figure {
  const sorted = Float64Array.from(latencies).sort();
  const arr = Array.from(sorted);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    rps: Math.round(latencies.length / seconds),
    p50: round(percentile(arr, 50)),
    p95: round(percentile(arr, 95)),
    p99: round(percentile(arr, 99)),
    requests: latencies.length,
    errors,
    statuses,
    seconds,
  };
}

/** What one virtual user sends: path (under the origin) and headers. */
export interface Target {
  path: string;
  headers: Record<string, string>;
}

/**
 * A closed loop of `connections` keep-alive connections for `seconds` (after WARMUP_SECONDS of the same), each request
 * taken in turn from `targets` (one per virtual user: its token, its ETag, its path). Any status other
 * than `expect` counts as an error.
 */
export async function cannon(
  origin: string,
  targets: Target[],
  opts: { connections: number; seconds: number; expect: number; warmupSeconds?: number; method?: string },
): Promise<Figure> {
  const run = (seconds: number, record: boolean) =>
    new Promise<Figure>((resolve, reject) => {
      let next = 0;
      const latencies: number[] = [];
      const statuses: Record<string, number> = {};
      let errors = 0;
      const instance = autocannon(
        {
          url: origin,
          connections: opts.connections,
          duration: seconds,
          pipelining: 1,
          timeout: 10,
          requests: [
            {
              method: opts.method ?? 'GET',
              setupRequest: (req: Record<string, unknown>) => {
                const t = targets[next++ % targets.length];
                return { ...req, path: t.path, headers: { ...t.headers } };
              },
            },
          ],
        },
        (err: Error | null) => {
          if (err) return reject(err);
          resolve(summarise(latencies, seconds, statuses, errors));
        },
      );
      instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
        if (!record) return;
        latencies.push(ms);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status !== opts.expect) errors++;
      });
      instance.on('reqError', () => {
        if (record) errors++;
      });
    });
  const warmup = opts.warmupSeconds ?? WARMUP_SECONDS;
  if (warmup) await run(warmup, false);
  return run(opts.seconds, true);
}

/**
 * A closed loop of `concurrency` workers running an async operation (a write or a flow of requests) for
 * `seconds`; each operation's latency is measured whole. `op` returns false when the pool of work is empty.
 */
export async function loop(
  concurrency: number,
  seconds: number,
  op: (worker: number, n: number) => Promise<boolean>,
): Promise<Figure> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = { ok: 0 };
  let errors = 0;
  let n = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  let firstError: string | null = null;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          const more = await op(worker, n++);
          if (!more) return;
          latencies.push(performance.now() - t0);
          statuses.ok++;
        } catch (err) {
          errors++;
          firstError ??= (err as Error).message;
          statuses.error = (statuses.error ?? 0) + 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const figure = summarise(latencies, elapsed, statuses, errors);
  if (firstError) (figure as Figure & { firstError?: string }).firstError = firstError;
  figure.seconds = Math.round(elapsed * 10) / 10;
  return figure;
}
