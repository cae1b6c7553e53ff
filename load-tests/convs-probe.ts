// The conversations poll alone (issue 22): where a request's time goes. Starts the product in real mode as the
// bench does (a process per service), the bench's accounts and seed, then only `GET /messages/conversations`
// for the 50 chefs (50 connections, closed loop, no ETag: every answer a 200), straight to messaging and
// through the gateway, with the CPU each process spent per 1,000 answers and messaging's database
// transactions per answer (pg_stat_database: each statement outside a transaction is one). Then the list
// statement's plan on the seeded data. Run it on and off a change back to back (the machine is shared).
//
//   npx tsx load-tests/convs-probe.ts          PROBE_ROUNDS=2 (direct and gateway runs, alternated)
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import pg from 'pg';
import { freePort, serviceDatabaseUrl } from '@brigade/kit';
import { scenarios } from './scenarios.js';
import { Api } from './lib/api';
import { cannon, type Figure, type Target } from './lib/measure';
import { cpuMs } from './lib/wire';
import { auth, openDatabases, prepare } from './bench/run';
import { log, loopbackOnly, SECONDS } from './bench/settings';
import { startProduct } from './bench/stack';

/** `conversationsOf`'s statement (services/messaging/src/db/threads.repository.ts) for a chef, `:user` the chef. */
const LIST_STATEMENT = `select t.job_id, t.chef_id, t.restaurant_id, t.application_id, t.application_status,
       j.title as job_title, rp.name as restaurant_name, cp.name as chef_name,
       m.sender_id as m_sender_id, m.recipient_id as m_recipient_id, m.original_content as m_original,
       m.translated_content as m_translated, m.created_at as m_created_at,
       (select count(*) from messaging.messages u
         where u.job_id = t.job_id and u.chef_id = t.chef_id
           and u.seq > coalesce(r.last_read_seq, 0) and u.sender_id <> :user) as unread_count,
       coalesce((select i.version from messaging.inboxes i where i.user_id = :user), 0) as inbox_version
from messaging.threads t
left join messaging.jobs j on j.job_id = t.job_id
left join messaging.participants rp on rp.user_id = t.restaurant_id
left join messaging.participants cp on cp.user_id = t.chef_id
left join messaging.messages m on m.job_id = t.job_id and m.chef_id = t.chef_id and m.seq = t.last_seq
left join messaging.thread_reads r on r.job_id = t.job_id and r.chef_id = t.chef_id and r.reader_id = :user
where t.chef_id = :user
order by coalesce(t.last_message_at, t.created_at) desc, t.job_id, t.chef_id
limit 500`;

const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 2);

/** CPU time (ms) of every PostgreSQL process (the server's backends included). */
async function postgresCpuMs(): Promise<number> {
  let sum = 0;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const comm = (await readFile(`/proc/${pid}/comm`, 'utf8')).trim();
      if (comm === 'postgres') sum += await cpuMs(Number(pid));
    } catch {
      /* gone meanwhile */
    }
  }
  return sum;
}

async function main() {
  const runId = `probe_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const databaseUrl = loopbackOnly(
    'DATABASE_URL',
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/brigade',
  );
  const base = new URL(databaseUrl);
  base.pathname = `/${runId}`;
  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: base.toString(),
    AMQP_URL: loopbackOnly('AMQP_URL', process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672'),
    REDIS_URL: loopbackOnly('REDIS_URL', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'),
    BUS_NAMESPACE: runId,
    LOG_LEVEL: 'warn',
    EVENT_RETRY_DELAYS_MS: '500,2000',
    RATE_LIMIT_API_PER_MINUTE: '100000000',
    BRIGADE_BUILD_WEB: '0',
    METADATA_SERVER_DETECTION: 'none',
    SMS_SANDBOX: '1',
  };
  log(`starting the product in real mode (databases ${runId}_*) ...`);
  const product = await startProduct(runId, env);
  const api = new Api(product.url);
  const dbs = openDatabases(base.toString());
  const messagingDb = new pg.Client({
    connectionString: serviceDatabaseUrl(base.toString(), 'messaging', {}),
  });
  try {
    const { accounts } = await prepare(product, api, dbs, base.toString(), runId, {});
    await messagingDb.connect();
    const targets = (prefix: string): Target[] =>
      accounts.chefs.map((c) => ({
        path: `${prefix}${scenarios.conversationsPoll.requests[0].path}`,
        headers: auth(c),
      }));
    const serviceNames = Object.keys(product.services);
    const names = new Map(product.pids().map((pid, i) => [pid, serviceNames[i] ?? String(pid)]));
    const messagingName = serviceDatabaseUrl(base.toString(), 'messaging', {}).split('/').pop()!;
    const transactions = async () =>
      Number(
        (
          await messagingDb.query(
            'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
            [messagingName],
          )
        ).rows[0].n,
      );
    const measure = async (label: string, origin: string, prefix: string) => {
      const procPids = product.pids();
      const before = await Promise.all(procPids.map(cpuMs));
      const pgBefore = await postgresCpuMs();
      const txBefore = await transactions();
      const figure: Figure = await cannon(origin, targets(prefix), {
        connections: 50,
        seconds: SECONDS,
        expect: 200,
      });
      const txAfter = await transactions();
      const pgAfter = await postgresCpuMs();
      const after = await Promise.all(procPids.map(cpuMs));
      const per = (ms: number) => Math.round((ms / figure.requests) * 1000);
      const cpu = procPids
        .map((pid, i) => ({ pid, ms: after[i] - before[i] }))
        .filter((p) => p.ms > 20)
        .map((p) => `${names.get(p.pid) ?? p.pid} ${per(p.ms)}`)
        .join(', ');
      log(
        `${label}: ${figure.rps}/s p50 ${figure.p50} p95 ${figure.p95} p99 ${figure.p99} ms, errors ${figure.errors}; ` +
          `CPU ms per 1,000 answers: ${cpu}, postgres ${per(pgAfter - pgBefore)}; ` +
          `messaging transactions per answer ${((txAfter - txBefore) / figure.requests).toFixed(2)} (warm-up included)`,
      );
      return figure;
    };
    const messagingUrl = product.services.messaging;
    const sample = await fetch(`${product.url}/api/messages/conversations`, {
      headers: auth(accounts.chefs[0]),
    });
    log(
      `body ${(await sample.arrayBuffer()).byteLength} B; services: ${JSON.stringify(product.services)}; pids ${product.pids().join(' ')}`,
    );
    for (let round = 1; round <= ROUNDS; round++) {
      if (messagingUrl) await measure(`round ${round} messaging direct`, messagingUrl, '');
      await measure(`round ${round} gateway`, product.url, '/api');
    }
    // The list statement's plan on the seeded data, for the first chef (the text messaging runs, its parameter
    // written in), after a few runs as the prepared statement would have them.
    const chef = accounts.chefs[0].id;
    const text = LIST_STATEMENT.replaceAll(':user', `'${chef}'`);
    for (let i = 0; i < 3; i++) await messagingDb.query(`explain analyze ${text}`);
    const plan = await messagingDb.query(`explain (analyze, buffers) ${text}`);
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  } finally {
    await messagingDb.end().catch(() => undefined);
    await dbs.jobs.end().catch(() => undefined);
    await dbs.payments.end().catch(() => undefined);
    log('dropping the run databases and queues ...');
    await product.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
