import { scenarios, type ScenarioName } from '../scenarios.js';
import type { Account } from '../lib/accounts';
import { until } from '../lib/api';
import { loop, type Figure } from '../lib/measure';
import { VOLUME } from '../lib/seed';
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
  log('writes: post+pay ...');
  const pp = await loop(scenarios.postAndPay.bench.connections, SECONDS, async (w, n) => {
    postedJobs.push(
      await postAndPay(run, restaurants[(w + n) % restaurants.length], 24 * 3_600_000 + n * 60_000, 6),
    );
    return true;
  });
  rows.push({
    key: 'post_pay',
    title: `${scenarios.postAndPay.title} (flow)`,
    figure: pp,
    target: `p99<${scenarios.postAndPay.thresholds.p99Ms} ms`,
    met: pp.p99 < scenarios.postAndPay.thresholds.p99Ms && pp.errors === 0,
    note: 'POST /jobs, create-escrow-payment (retried until payments has the job), card confirm',
  });
  log(`post+pay: ${pp.rps}/s p99 ${pp.p99} ms errors ${pp.errors}`);

  log('writes: apply ...');
  const applied = new Set<string>();
  const ap = await loop(scenarios.apply.bench.connections, SECONDS, async (_w, n) => {
    const c = n % chefs.length;
    const job = jobId((c * 10 + 500 + Math.floor(n / chefs.length)) % VOLUME.openShifts);
    if (applied.has(`${c}:${job}`)) return true;
    applied.add(`${c}:${job}`);
    await api.call('POST', `/api/jobs/${job}/apply`, { token: chefs[c].token, expect: [201] });
    return true;
  });
  rows.push(writeRow('apply', 'apply', ap));
  log(`apply: ${ap.rps}/s p99 ${ap.p99} ms errors ${ap.errors}`);

  log('writes: accept ...');
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
  const ac = await loop(scenarios.accept.bench.connections, SECONDS, async () => {
    const p = pending[nextPending++];
    if (!p) return false;
    await api.call('PATCH', `/api/applications/${p.id}`, {
      token: tokenOf.get(p.restaurant_id)!,
      body: { status: 'accepted' },
    });
    return true;
  });
  rows.push(writeRow('accept', 'accept', ac, `pool of ${pending.length} pending applications`));
  log(`accept: ${ac.rps}/s p99 ${ac.p99} ms errors ${ac.errors}`);
  return postedJobs;
}
