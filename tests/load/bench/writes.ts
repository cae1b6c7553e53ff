import { scenarios, type ScenarioName } from '../scenarios.js';
import type { Account } from '../lib/accounts';
import { until } from '../lib/api';
import { loop, type Figure } from '../lib/measure';
import { cpuSnapshot, cpuSplit, machineQuiet } from '../lib/wire';
import { rosterFirst, VOLUME } from '../lib/seed';
import type { BenchRun, Row } from './run';
import { jobId, log, SECONDS } from './settings';

const shift = (startInMs: number, hours: number, hourlyRate = 22.5) => {
  const start = new Date(Date.now() + startInMs);
  return {
    title: 'Line Cook',
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + hours * 3_600_000).toISOString(),
    hourlyRate,
    emergencyLevel: 'normal',
    notifyFavorites: [],
  };
};

/**
 * A restaurant posts a shift and pays for it as the web client does: POST /jobs, create-escrow-payment
 * (retried until payments has the job), the card confirmed on the Stripe sandbox. The job's id.
 */
export async function postAndPay(
  run: BenchRun,
  r: Account,
  startInMs: number,
  hours: number,
  hourlyRate?: number,
): Promise<string> {
  const { api, product } = run;
  const posted = await api.call('POST', '/api/jobs', {
    token: r.token,
    body: shift(startInMs, hours, hourlyRate),
  });
  const id = posted.body.job.id as string;
  // payments learns the amounts from jobs.job.posted.v1: 404 until it has
  const intent = await until(
    'payments to know the job',
    async () => {
      const res = await api.call('POST', '/api/payments/create-escrow-payment', {
        token: r.token,
        body: { job_id: id },
        expect: [200, 404],
      });
      return res.status === 200 ? res.body : null;
    },
    10_000,
    5,
  );
  const confirm = await fetch(
    `${product.url}/sandbox/stripe/v1/payment_intents/${intent.payment_intent_id}/confirm`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_secret: intent.client_secret,
        payment_method: 'pm_card_visa',
      }).toString(),
    },
  );
  const paid = (await confirm.json()) as { status?: string };
  if (confirm.status !== 200 || paid.status !== 'succeeded')
    throw new Error(`card confirm: ${confirm.status} ${JSON.stringify(paid).slice(0, 200)}`);
  return id;
}

/**
 * A shift booked end to end as its two sides do it: posted and paid (postAndPay), open once payments' escrow
 * event has landed, applied to by `chef`, accepted by `restaurant`, confirmed by the chef. The job's and the
 * application's ids.
 */
export async function bookShift(
  run: BenchRun,
  restaurant: Account,
  chef: Account,
  startInMs: number,
  hours: number,
  hourlyRate?: number,
): Promise<{ id: string; applicationId: string }> {
  const { api, dbs } = run;
  const id = await postAndPay(run, restaurant, startInMs, hours, hourlyRate);
  // the escrow's event opens the job; under a burst of postings it lands behind the ones before
  await until(
    `job ${id} open`,
    async () =>
      (await dbs.jobs.query(`select 1 from jobs.jobs where id = $1 and status = 'open'`, [id])).rowCount,
    60_000,
    10,
  );
  const app = await api.call('POST', `/api/jobs/${id}/apply`, { token: chef.token });
  const applicationId = app.body.application.id as string;
  await api.call('PATCH', `/api/applications/${applicationId}`, {
    token: restaurant.token,
    body: { status: 'accepted' },
  });
  await api.call('POST', `/api/applications/${applicationId}/confirm`, {
    token: chef.token,
    body: { confirmed: true },
  });
  return { id, applicationId };
}

/** The processes that used the most of `split` (ms per write), named with their share. */
const topOf = (split: Record<string, number>, n = 6) =>
  Object.entries(split)
    .filter(([k]) => k !== 'machine')
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

/**
 * A write measured from a quiet machine, with what it cost: the machine's CPU per write (ms) over the measure,
 * and all told until the machine is quiet again, which adds the work the writes set off after they were answered
 * (events consumed, texts sent; the quiet machine's own few percent too). The measure starts once the earlier
 * phase's events are consumed: a write measured while the services still text a city about 200 new shifts
 * counts that work against it (apply at 44/s, p99 344-353 ms, against 57-75/s, 204-260 ms, on one machine).
 */
export async function measureWrite(
  run: BenchRun,
  label: string,
  measure: () => Promise<Figure>,
): Promise<{ figure: Figure; cost: string }> {
  log(`${label}: ${await machineQuiet()}`);
  const before = await cpuSnapshot();
  const figure = await measure();
  const during = await cpuSnapshot();
  const quiet = await machineQuiet();
  const after = await cpuSnapshot();
  const named = run.product.pidsByName();
  // cpuSplit counts ms per 1,000 answers: per write, with 1,000 answers a write
  const writes = Math.max(1, figure.requests) * 1000;
  const inWindow = cpuSplit(before, during, named, writes);
  const allTold = cpuSplit(before, after, named, writes);
  const cost =
    `machine CPU ms per write: ${inWindow.machine} in the measure (${topOf(inWindow)}), ` +
    `${allTold.machine} all told until quiet (${topOf(allTold)})`;
  log(`${label}: ${quiet}; ${cost}`);
  return { figure, cost };
}

export function writeRow(key: string, name: ScenarioName, figure: Figure, note?: string): Row {
  const { p99Ms } = scenarios[name].thresholds;
  return {
    key,
    title: scenarios[name].title,
    figure,
    target: `p99<${p99Ms} ms`,
    met: figure.p99 < p99Ms && figure.errors === 0,
    ...(note ? { note } : {}),
  };
}

/** The writes: post+pay (the flow), apply and accept, each for SECONDS. The ids of the jobs posted and paid. */
export async function measureWrites(run: BenchRun): Promise<string[]> {
  const { api, dbs, rows } = run;
  const { restaurants, chefs } = run.accounts;
  const postedJobs: string[] = [];
  const { figure: pp, cost: ppCost } = await measureWrite(run, 'post+pay', () =>
    loop(scenarios.postAndPay.bench.connections, SECONDS, async (w, n) => {
      postedJobs.push(
        await postAndPay(run, restaurants[(w + n) % restaurants.length], 24 * 3_600_000 + n * 60_000, 6),
      );
      return true;
    }),
  );
  rows.push({
    key: 'post_pay',
    title: `${scenarios.postAndPay.title} (flow)`,
    figure: pp,
    target: `p99<${scenarios.postAndPay.thresholds.p99Ms} ms`,
    met: pp.p99 < scenarios.postAndPay.thresholds.p99Ms && pp.errors === 0,
    note: `POST /jobs, create-escrow-payment (retried until payments has the job), card confirm; ${ppCost}`,
  });
  log(`post+pay: ${pp.rps}/s p99 ${pp.p99} ms errors ${pp.errors}`);

  const applied = new Set<string>();
  // Chef c applies to the shifts from index c * 10 + 500 on (past the seed's own applications), one after another,
  // leaving out those in their roster-first window: open to the restaurants' favorites alone, a 404 to the others.
  const nthOpen = (from: number, k: number) => {
    let i = from - 1;
    for (let found = -1; found < k;) if (!rosterFirst(++i % VOLUME.openShifts)) found++;
    return i % VOLUME.openShifts;
  };
  const { figure: ap, cost: apCost } = await measureWrite(run, 'apply', () =>
    loop(scenarios.apply.bench.connections, SECONDS, async (_w, n) => {
      const c = n % chefs.length;
      const job = jobId(nthOpen(c * 10 + 500, Math.floor(n / chefs.length)));
      if (applied.has(`${c}:${job}`)) return true;
      applied.add(`${c}:${job}`);
      await api.call('POST', `/api/jobs/${job}/apply`, { token: chefs[c].token, expect: [201] });
      return true;
    }),
  );
  rows.push(writeRow('apply', 'apply', ap, apCost));
  log(`apply: ${ap.rps}/s p99 ${ap.p99} ms errors ${ap.errors}`);

  const tokenOf = new Map(restaurants.map((r) => [r.id, r.token]));
  // One application per shift, and one per chef: a chef holds one shift at a time (issue 32), and the pool's
  // shifts overlap, so a chef accepted twice would be a refusal, not an acceptance.
  const seen = new Set<string>();
  const pending = (
    await dbs.jobs.query<{ id: string; restaurant_id: string; chef_id: string }>(
      `select distinct on (a.job_id) a.id, j.restaurant_id, a.chef_id from jobs.applications a join jobs.jobs j on j.id = a.job_id
           where j.restaurant_id = any($1::uuid[]) and a.status = 'pending' and j.status = 'open' order by a.job_id, a.created_at`,
      [restaurants.map((r) => r.id)],
    )
  ).rows.filter((p) => !seen.has(p.chef_id) && seen.add(p.chef_id));
  let nextPending = 0;
  const { figure: ac, cost: acCost } = await measureWrite(run, 'accept', () =>
    loop(scenarios.accept.bench.connections, SECONDS, async () => {
      const p = pending[nextPending++];
      if (!p) return false;
      await api.call('PATCH', `/api/applications/${p.id}`, {
        token: tokenOf.get(p.restaurant_id)!,
        body: { status: 'accepted' },
      });
      return true;
    }),
  );
  rows.push(writeRow('accept', 'accept', ac, `pool of ${pending.length} pending applications; ${acCost}`));
  log(`accept: ${ac.rps}/s p99 ${ac.p99} ms errors ${ac.errors}`);
  return postedJobs;
}
