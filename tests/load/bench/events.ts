import pg from 'pg';
import { serviceDatabaseUrl } from '@brigade/kit';
import { eventLatency } from '../scenarios.js';
import { pool, sleep } from '../lib/api';
import { percentile } from '../lib/measure';
import { cpuSnapshot, cpuSplit, machineBusyShare } from '../lib/wire';
import type { BenchRun, Databases, Row } from './run';
import { CHECKOUT_RATE, COUNTS, EVENTS_LEAD_S, log, realModeSettings, TOPOLOGY } from './settings';
import { bookShift } from './writes';

export interface EventFigure {
  samples: number;
  missing: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  breakdown?: Record<string, number>;
}

/**
 * The event latencies: COUNTS.transferFlows shifts worked end to end (posted, paid, applied, accepted,
 * confirmed; 31 seconds each, paid as one minute, one per payout chef), checked out by both sides at
 * CHECKOUT_RATE a second once they ended (checkout opens at the end); then escrow held -> job open (these
 * shifts and the post+pay ones) and mutual checkout -> transfer, into `results`.
 */
export async function measureEvents(run: BenchRun, postedJobs: string[]): Promise<void> {
  const { api, dbs, results, payoutChefs } = run;
  const { restaurants } = run.accounts;
  const runId = String(results.run_id);
  log(`event latency: mutual checkout -> transfer (${COUNTS.transferFlows} shifts worked end to end) ...`);
  // The shifts start together, EVENTS_LEAD_S out; on a slow machine (a booking taking seconds) later ones start
  // later, so that each is confirmed before it starts: three times the slowest booking so far, and 5 s, ahead.
  let startsAt = Date.now() + EVENTS_LEAD_S * 1000;
  let slowest = 0;
  const prepared = await pool(
    Array.from({ length: COUNTS.transferFlows }, (_, i) => i),
    5,
    async (i) => {
      const r = restaurants[i % restaurants.length];
      const chef = payoutChefs[i % payoutChefs.length];
      const began = Date.now();
      startsAt = Math.max(startsAt, began + 3 * slowest + 5_000);
      // 31 seconds at $75/h: $1.34, over the card minimum (at $22.50 it would be 41 cents, refused)
      const { id, applicationId } = await bookShift(run, r, chef, startsAt - began, 31 / 3600, 75);
      slowest = Math.max(slowest, Date.now() - began);
      return { id, applicationId, r, chef };
    },
  );
  const readyAt = Math.max(
    ...(
      await dbs.jobs.query<{ end_time: Date }>(`select end_time from jobs.jobs where id = any($1::uuid[])`, [
        prepared.map((p) => p.id),
      ])
    ).rows.map((x) => x.end_time.getTime()),
  );
  await sleep(Math.max(0, readyAt - Date.now() + 1000));
  // Mutual checkouts arrive at a steady rate (open loop), as shifts end through the day, not all at once. The
  // second (mutual) checkout's answer time is the checkout's transaction as the client waits for it; the CPU
  // the machine spent meanwhile (until the last transfer, 1.5 s after) says whether it was saturated.
  const answers: number[] = [];
  log(
    `event latency: the checkout window opens (${prepared.length} mutual checkouts, ${CHECKOUT_RATE} a second)`,
  );
  const xactsBefore = await transactionsByDatabase(dbs, runId);
  const cpuBefore = await cpuSnapshot();
  const windowStarted = Date.now();
  await Promise.all(
    prepared.map(async (p, i) => {
      await sleep((i * 1000) / CHECKOUT_RATE);
      await api.call('POST', `/api/applications/${p.applicationId}/checkout`, {
        token: p.r.token,
        body: { rating: 5, workCompleted: true, feedback: null },
      });
      const asked = performance.now();
      const done = await api.call('POST', `/api/applications/${p.applicationId}/checkout`, {
        token: p.chef.token,
        body: { rating: 5, workCompleted: true, feedback: null },
      });
      answers.push(performance.now() - asked);
      if (done.body.mutualCheckoutCompleted !== true) throw new Error('mutual checkout not completed');
    }),
  );
  await sleep(1500);
  const cpuAfter = await cpuSnapshot();
  const xactsAfter = await transactionsByDatabase(dbs, runId);
  const windowMs = Date.now() - windowStarted;
  answers.sort((a, b) => a - b);
  const split = cpuSplit(cpuBefore, cpuAfter, run.product.pidsByName(), prepared.length);
  results.checkout_window = {
    answer_p50: Math.round(percentile(answers, 50)),
    answer_p99: Math.round(percentile(answers, 99)),
    busy_share: Math.round(machineBusyShare(cpuBefore, cpuAfter, windowMs) * 100) / 100,
    cpu_ms_per_checkout: Object.fromEntries(Object.entries(split).map(([k, v]) => [k, Math.round(v / 1000)])),
    // committed and rolled back transactions in each of the run's databases, per mutual checkout: a count that
    // does not depend on how loaded the machine was (ADR 43 expects fewer)
    transactions_per_checkout: Object.fromEntries(
      [...xactsAfter].map(([name, n]) => [
        name,
        Math.round(((n - (xactsBefore.get(name) ?? 0)) / prepared.length) * 10) / 10,
      ]),
    ),
  };
  log(`event latency: the checkout window ${JSON.stringify(results.checkout_window)}`);
  log('event latency: escrow held -> job open (the post+pay jobs and these shifts) ...');
  results.escrow_held_to_job_open = await eventLatencies(dbs, runId, 'escrow', [
    ...postedJobs,
    ...prepared.map((p) => p.id),
  ]);
  results.checkout_rate_per_second = CHECKOUT_RATE;
  results.mutual_checkout_to_transfer = await eventLatencies(
    dbs,
    runId,
    'transfer',
    prepared.map((p) => p.id),
  );
}

/**
 * Transactions so far (committed and rolled back) in each of the run's databases (`<run>_<service>`), by the
 * service's name, from PostgreSQL's statistics: flushed as each backend goes idle, so read after a pause.
 */
async function transactionsByDatabase(dbs: Databases, runId: string): Promise<Map<string, number>> {
  const { rows } = await dbs.jobs.query<{ name: string; n: string }>(
    `select substr(datname, length($1) + 2) as name, xact_commit + xact_rollback as n
       from pg_stat_database where datname like $1 || '\\_%'`,
    [runId],
  );
  return new Map(rows.map((r) => [r.name, Number(r.n)]));
}

/** The table's rows for the event latencies measured (none when the events were skipped). */
export function eventRows(results: Record<string, unknown>): Row[] {
  const rows: Row[] = [];
  for (const [key, k] of [
    ['escrow_held_to_job_open', 'escrowHeldToJobOpen'],
    ['mutual_checkout_to_transfer', 'mutualCheckoutToTransfer'],
  ] as const) {
    const e = results[key] as EventFigure | undefined;
    if (!e) continue;
    const t = eventLatency[k];
    rows.push({
      key,
      title: `Event: ${t.title}`,
      figure: {
        rps: 0,
        p50: e.p50,
        p95: e.p95,
        p99: e.p99,
        requests: e.samples,
        errors: e.missing,
        statuses: {},
        seconds: 0,
      },
      target: `p99<${t.p99Ms} ms`,
      met: e.p99 < t.p99Ms && e.missing === 0,
      note: eventNote(key, e),
    });
  }
  return rows;
}

const stage = (b: Record<string, number>, name: string, label: string) =>
  `${label} p50 ${b[`${name}_p50`]} / p99 ${b[`${name}_p99`]} ms`;

/** A row's note: its samples and where the time went, stage by stage (p50 / p99 of each). */
function eventNote(key: 'escrow_held_to_job_open' | 'mutual_checkout_to_transfer', e: EventFigure): string {
  const b = e.breakdown;
  const parts = [`${e.samples} samples`];
  if (key === 'mutual_checkout_to_transfer') parts[0] += ` at ${CHECKOUT_RATE} mutual checkouts/s`;
  if (e.missing) parts.push(`${e.missing} never arrived`);
  if (!b) return parts.join(', ');
  const stages =
    key === 'escrow_held_to_job_open'
      ? [stage(b, 'relay', 'relay'), stage(b, 'broker', 'broker+consumer'), stage(b, 'handler', 'handler')]
      : [
          stage(b, 'relay', 'relay'),
          stage(b, 'broker', 'broker+consumer'),
          stage(b, 'wait', 'task to runner'),
          stage(b, 'provider', 'to provider'),
          stage(b, 'record', 'recorded'),
          `${b.by_webhook} recorded by the webhook first`,
        ];
  return `${parts.join(', ')} (${stages.join(', ')})`;
}

/** The run's Stripe sandbox database (`<run>_stripe_sandbox`): when each transfer was made there. */
const sandboxDatabaseUrl = (runId: string) =>
  serviceDatabaseUrl(realModeSettings(runId, 0).databaseUrl, 'stripe_sandbox', {});

/** When each of these transfers was made at the sandbox, with its transfer.created event. */
async function sandboxTransfers(runId: string, transferIds: string[]) {
  const sandbox = new pg.Client({ connectionString: sandboxDatabaseUrl(runId) });
  await sandbox.connect();
  try {
    return await sandbox.query<{ id: string; created_at: Date; event_id: string | null }>(
      `select o.id, o.created_at, e.id as event_id from stripe_sandbox.objects o
         left join stripe_sandbox.events e on e.type = 'transfer.created' and e.payload::jsonb->'data'->'object'->>'id' = o.id
        where o.id = any($1)`,
      [transferIds],
    );
  } finally {
    await sandbox.end();
  }
}

/**
 * Latency from the producing transaction to the consumer's effect, read from server timestamps on the one
 * PostgreSQL server (no clock skew): escrow: payments' outbox row of payments.escrow.held.v1 -> jobs' outbox
 * row of jobs.job.opened.v1 (written in the transaction that opened the job); transfer: jobs' outbox row of
 * jobs.checkout.completed.v1 -> payments' ledger entry of the transfer (after the provider answered).
 */
async function eventLatencies(
  dbs: Databases,
  runId: string,
  kind: 'escrow' | 'transfer',
  jobIds: string[],
): Promise<EventFigure> {
  const [from, to] =
    kind === 'escrow'
      ? [
          await dbs.payments.query(
            `select payload->>'job_id' as job_id, min(occurred_at) as at from payments.outbox where type = 'payments.escrow.held.v1' and payload->>'job_id' = any($1) group by 1`,
            [jobIds],
          ),
          await dbs.jobs.query(
            `select payload->>'job_id' as job_id, min(occurred_at) as at from jobs.outbox where type = 'jobs.job.opened.v1' and payload->>'job_id' = any($1) group by 1`,
            [jobIds],
          ),
        ]
      : [
          await dbs.jobs.query(
            `select payload->>'job_id' as job_id, min(occurred_at) as at from jobs.outbox where type = 'jobs.checkout.completed.v1' and payload->>'job_id' = any($1) group by 1`,
            [jobIds],
          ),
          await dbs.payments.query(
            `select job_id::text as job_id, created_at as at from payments.ledger_entries where kind = 'transfer' and job_id = any($1::uuid[])`,
            [jobIds],
          ),
        ];
  const start = new Map(from.rows.map((r) => [r.job_id, new Date(r.at).getTime()]));
  const samples: number[] = [];
  for (const r of to.rows) {
    const t0 = start.get(r.job_id);
    if (t0 !== undefined) samples.push(new Date(r.at).getTime() - t0);
  }
  samples.sort((a, b) => a - b);
  const figure: EventFigure = {
    samples: samples.length,
    missing: start.size - samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: samples[samples.length - 1] ?? NaN,
  };
  if (kind === 'escrow') {
    // Where the time goes, each stage from server timestamps (a transaction's now() is its start):
    //   relay:   escrow-held transaction -> payments' relay claimed the outbox row (published_at)
    //   broker:  relay -> jobs' handler transaction began (processed_events of that event)
    //   handler: that transaction's start -> the job.opened outbox row (0 when it is the same transaction)
    const events = await dbs.payments.query(
      `select id::text as event_id, payload->>'job_id' as job_id, occurred_at, published_at from payments.outbox where type = 'payments.escrow.held.v1' and payload->>'job_id' = any($1)`,
      [jobIds],
    );
    const processed = await dbs.jobs.query(
      `select event_id::text as event_id, min(processed_at) as at from jobs.processed_events where event_id = any($1::uuid[]) group by 1`,
      [events.rows.map((e) => e.event_id)],
    );
    const handled = new Map(processed.rows.map((r) => [r.event_id, new Date(r.at).getTime()]));
    const opened = new Map(to.rows.map((r) => [r.job_id, new Date(r.at).getTime()]));
    const stages = { relay: [] as number[], broker: [] as number[], handler: [] as number[] };
    for (const e of events.rows) {
      const t0 = new Date(e.occurred_at).getTime();
      const t1 = e.published_at ? new Date(e.published_at).getTime() : undefined;
      const t2 = handled.get(e.event_id);
      const t3 = opened.get(e.job_id);
      if (t1 !== undefined) stages.relay.push(t1 - t0);
      if (t1 !== undefined && t2 !== undefined) stages.broker.push(t2 - t1);
      if (t2 !== undefined && t3 !== undefined) stages.handler.push(t3 - t2);
    }
    for (const list of Object.values(stages)) list.sort((a, b) => a - b);
    figure.breakdown = {
      relay_p50: percentile(stages.relay, 50),
      relay_p99: percentile(stages.relay, 99),
      broker_p50: percentile(stages.broker, 50),
      broker_p99: percentile(stages.broker, 99),
      handler_p50: percentile(stages.handler, 50),
      handler_p99: percentile(stages.handler, 99),
    };
  }
  if (kind === 'transfer') {
    // Where the time goes, each stage from server timestamps (a transaction's now() is its start):
    //   relay:    checkout transaction -> jobs' relay claimed the outbox row (published_at)
    //   broker:   relay -> payments' handler transaction began (it wrote the money task: created_at)
    //   delivery: relay + broker (checkout -> the money task written)
    //   wait:     the money task written -> the runner leased it (its handler's commit, the runner's wake)
    //   provider: leased -> the sandbox's transfer made (the runner's reads, the call reaching the sandbox)
    //   record:   the sandbox's transfer -> its ledger entry (the answer back, the record's transaction)
    //   transfer: wait + provider + record (the money task written -> the transfer in the ledger)
    // and how many were recorded first by the transfer.created webhook rather than by the runner.
    const published = await dbs.jobs.query(
      `select payload->>'job_id' as job_id, min(published_at) as at from jobs.outbox where type = 'jobs.checkout.completed.v1' and payload->>'job_id' = any($1) group by 1`,
      [jobIds],
    );
    // a task's lease sets next_attempt_at to the lease's end: STRIPE_TIMEOUT_MS x (STRIPE_MAX_NETWORK_RETRIES + 1)
    // + 5 s after it (run-money-task.ts): 4 s and 1 in the process stack (hardening/support/processes.ts), the
    // defaults 20 s and 2 in one process; first attempts only
    const leaseSeconds = TOPOLOGY === 'one' ? 65 : 13;
    const tasks = await dbs.payments.query(
      `select job_id::text as job_id, created_at, next_attempt_at - make_interval(secs => $2) as leased_at, attempts
         from payments.money_tasks where kind = 'transfer' and job_id = any($1::uuid[])`,
      [jobIds, leaseSeconds],
    );
    const ledger = await dbs.payments.query(
      `select job_id::text as job_id, provider_id from payments.ledger_entries where kind = 'transfer' and job_id = any($1::uuid[])`,
      [jobIds],
    );
    const transferIds = ledger.rows.map((r) => r.provider_id as string);
    // the sandbox's own database: without it (another topology, say) the provider and record stages are empty
    const made = await sandboxTransfers(runId, transferIds).catch(() => ({
      rows: [] as { id: string; created_at: Date; event_id: string | null }[],
    }));
    const hooks = await dbs.payments.query(
      `select event_id, received_at from payments.webhook_events where event_id = any($1)`,
      [made.rows.map((r) => r.event_id)],
    );
    const done = new Map(to.rows.map((r) => [r.job_id, new Date(r.at).getTime()]));
    const hookAt = new Map(hooks.rows.map((r) => [r.event_id, new Date(r.received_at).getTime()]));
    const madeAt = new Map(made.rows.map((r) => [r.id, new Date(r.created_at).getTime()]));
    const byWebhook = new Set(
      ledger.rows
        .filter((l) => {
          const m = made.rows.find((r) => r.id === l.provider_id);
          return m && hookAt.get(m.event_id) === done.get(l.job_id);
        })
        .map((l) => l.job_id),
    );
    const transferOf = new Map(ledger.rows.map((r) => [r.job_id, r.provider_id as string]));
    const relayed = new Map(published.rows.map((r) => [r.job_id, new Date(r.at).getTime()]));
    const stages = {
      relay: [] as number[],
      broker: [] as number[],
      delivery: [] as number[],
      wait: [] as number[],
      provider: [] as number[],
      record: [] as number[],
      transfer: [] as number[],
    };
    for (const t of tasks.rows) {
      const t0 = start.get(t.job_id);
      const t1 = relayed.get(t.job_id);
      const t2 = new Date(t.created_at).getTime();
      const leased = Number(t.attempts) === 1 ? new Date(t.leased_at).getTime() : undefined;
      const atProvider = madeAt.get(transferOf.get(t.job_id) ?? '');
      const t3 = done.get(t.job_id);
      if (t0 !== undefined) stages.delivery.push(t2 - t0);
      if (t0 !== undefined && t1 !== undefined) stages.relay.push(t1 - t0);
      if (t1 !== undefined) stages.broker.push(t2 - t1);
      if (leased !== undefined) stages.wait.push(leased - t2);
      if (leased !== undefined && atProvider !== undefined) stages.provider.push(atProvider - leased);
      if (atProvider !== undefined && t3 !== undefined) stages.record.push(t3 - atProvider);
      if (t3 !== undefined) stages.transfer.push(t3 - t2);
    }
    for (const list of Object.values(stages)) list.sort((a, b) => a - b);
    figure.breakdown = {
      delivery_p50: percentile(stages.delivery, 50),
      delivery_p99: percentile(stages.delivery, 99),
      relay_p50: percentile(stages.relay, 50),
      relay_p99: percentile(stages.relay, 99),
      broker_p50: percentile(stages.broker, 50),
      broker_p99: percentile(stages.broker, 99),
      execution_p50: percentile(stages.transfer, 50),
      execution_p99: percentile(stages.transfer, 99),
      wait_p50: percentile(stages.wait, 50),
      wait_p99: percentile(stages.wait, 99),
      provider_p50: percentile(stages.provider, 50),
      provider_p99: percentile(stages.provider, 99),
      record_p50: percentile(stages.record, 50),
      record_p99: percentile(stages.record, 99),
      by_webhook: byWebhook.size,
    };
  }
  return figure;
}
