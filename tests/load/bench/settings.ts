import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The benchmark's settings (environment variables in tests/load/README.md) and its log.

export const ROOT = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));
export const RESULTS = path.join(ROOT, 'tests/load/results');
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const TOPOLOGY = process.env.BENCH_TOPOLOGY === 'one' ? 'one' : 'processes';
export const SKIP = new Set(
  (process.env.BENCH_SKIP ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
/**
 * BENCH_POLLS=applications,conversations: only these polls after the bare server (openings, applications,
 * conversations, unread, inbox, thread, search); all when unset. For trying one change quickly; a figure for the README is
 * a whole run.
 */
export const POLLS = new Set(
  (process.env.BENCH_POLLS ?? 'openings,applications,conversations,unread,inbox,thread,search')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
/**
 * BENCH_SCALE=10,100: after the other phases, the seed grows to each of these factors in turn and the growth
 * figures are measured again at each (bench/growth.ts); none when unset.
 */
export const SCALES = (process.env.BENCH_SCALE ?? '')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 1)
  .sort((a, b) => a - b);
/**
 * One payout chef per worked shift: the shifts overlap, and a chef holds one shift at a time (issue 32). The
 * clock phase books each payout chef on `clockShiftsPerChef` shifts in a row (one seat per clock-in measured).
 */
export const COUNTS = {
  restaurants: 10,
  chefs: 50,
  payoutChefs: 30,
  transferFlows: 30,
  clockShiftsPerChef: 10,
};
/**
 * Mutual checkouts per second in the checkout -> transfer measurement (open loop, a steady rate). 10/s is
 * 36,000 shifts an hour, far above what one market's shifts end at; BENCH_CHECKOUT_RATE=20 shows saturation.
 */
export const CHECKOUT_RATE = Number(process.env.BENCH_CHECKOUT_RATE ?? 10);
/**
 * Seconds from the event phase's start to its shifts' start (25): every shift must be booked and confirmed before
 * it starts. On a machine where a booking takes longer (a loaded one), BENCH_EVENTS_LEAD_S=120.
 */
export const EVENTS_LEAD_S = Number(process.env.BENCH_EVENTS_LEAD_S ?? 25);
export const benchStarted = Date.now();

export const log = (s: string) =>
  console.log(`[bench ${((Date.now() - benchStarted) / 1000).toFixed(1).padStart(5)} s] ${s}`);

export function loopbackOnly(name: string, value: string): string {
  const host = new URL(value).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost')
    throw new Error(`${name} must point at 127.0.0.1 (the benchmark only targets this machine), got ${host}`);
  return value;
}

/**
 * The product in real mode as the bench and its probes run it: the run's databases (`<runId>_<service>` under
 * DATABASE_URL's server), queues under BUS_NAMESPACE=<runId>, the local RabbitMQ and Redis, on `port`.
 */
export function realModeSettings(runId: string, port: number) {
  const base = new URL(
    loopbackOnly('DATABASE_URL', process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/brigade'),
  );
  base.pathname = `/${runId}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: base.toString(),
    AMQP_URL: loopbackOnly('AMQP_URL', process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672'),
    REDIS_URL: loopbackOnly('REDIS_URL', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'),
    BUS_NAMESPACE: runId,
    LOG_LEVEL: 'warn',
    EVENT_RETRY_DELAYS_MS: '500,2000',
    // counted on every request (Redis), never reached: one token drives thousands of requests a second here
    RATE_LIMIT_API_PER_MINUTE: '100000000',
    BRIGADE_BUILD_WEB: '0',
    METADATA_SERVER_DETECTION: 'none',
    // Real mode names its SMS provider: the sandbox (no texts leave the machine).
    SMS_SANDBOX: '1',
    // the runs post shifts of seconds and of 15 minutes (issue 35's minimum, shortened)
    MIN_SHIFT_DURATION: '1s',
  };
  return { databaseUrl: base.toString(), env };
}

const uuidOf = (text: string) => {
  const h = createHash('md5').update(text).digest('hex');
  // the same v4-shaped id the seed writes (version nibble 4, variant 8)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
};
/** The id of the seed's i-th open shift. */
export const jobId = (i: number) => uuidOf(`bench:j:${i}`);
