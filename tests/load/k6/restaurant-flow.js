// Restaurants at work: post and pay shifts, review and accept applicants, search chefs, watch their lists.
//   k6 run -e BASE_URL=https://staging.example -e ACCOUNTS=./accounts.json tests/load/k6/restaurant-flow.js
// Needs a deployment whose payments run on the Stripe sandbox (no STRIPE_SECRET_KEY), or pre-paid jobs.
import { check, sleep } from 'k6';
import { scenarios, k6Thresholds, pickRequest, thinkTime } from '../scenarios.js';
import { api, confirmCard, poll, shiftBody, tokenFor } from './common.js';

const VUS = Number(__ENV.VUS || 50);
const stages = (n) => [
  { duration: '1m', target: n },
  { duration: '5m', target: n },
  { duration: '30s', target: 0 },
];

export const options = {
  scenarios: {
    postAndPay: {
      executor: 'ramping-vus',
      exec: 'postAndPay',
      startVUs: 0,
      stages: stages(Math.ceil(VUS / 5)),
    },
    review: { executor: 'ramping-vus', exec: 'review', startVUs: 0, stages: stages(VUS) },
    chefSearch: {
      executor: 'ramping-vus',
      exec: 'chefSearch',
      startVUs: 0,
      stages: stages(Math.ceil(VUS / 2)),
    },
  },
  thresholds: k6Thresholds(['postAndPay', 'accept', 'chefSearch']),
};

export function postAndPay() {
  const s = scenarios.postAndPay;
  const token = tokenFor('restaurant');
  const posted = api('POST', 'postAndPay', 'post-job', '/jobs', token, shiftBody(24 * 60, 6));
  if (!check(posted, { 'job posted': (r) => r.status === 201 })) return sleep(thinkTime(s, Math.random()));
  const jobId = posted.json('job.id');
  // payments learns the job's amounts from jobs.job.posted.v1: a 404 for a moment is expected
  let intent = null;
  for (let i = 0; i < 20 && !intent; i++) {
    const r = api('POST', 'postAndPay', 'create-escrow', '/payments/create-escrow-payment', token, {
      job_id: jobId,
    });
    if (r.status === 200) intent = r.json();
    else sleep(0.1);
  }
  if (!check(intent, { 'payment intent': (i) => i !== null })) return sleep(thinkTime(s, Math.random()));
  const paid = confirmCard('postAndPay', intent.payment_intent_id, intent.client_secret);
  check(paid, { 'card confirmed': (r) => r.status === 200 && r.json('status') === 'succeeded' });
  sleep(thinkTime(s, Math.random()));
}

/** Applications of the restaurant's jobs: accept the first pending one of a job, reject the rest now and then. */
export function review() {
  const token = tokenFor('restaurant');
  const jobs = poll('review', 'my-jobs', '/jobs?status=open', token);
  const list = jobs.status === 200 ? jobs.json('jobs') || [] : [];
  const withApplicants = list.filter((j) => j.pending_applications_count > 0);
  if (withApplicants.length > 0) {
    const job = withApplicants[Math.floor(Math.random() * withApplicants.length)];
    const apps = api(
      'GET',
      'review',
      'job-applications',
      `/applications?jobId=${job.id}&status=pending`,
      token,
    );
    const pending = apps.status === 200 ? apps.json('applications') || [] : [];
    if (pending.length > 0) {
      const r = api('PATCH', 'accept', 'accept', `/applications/${pending[0].id}`, token, {
        status: 'accepted',
      });
      check(r, {
        'accepted (or chef needs payouts)': (x) => x.status === 200 || x.status === 400 || x.status === 409,
      });
    }
  }
  sleep(thinkTime(scenarios.accept, Math.random()));
}

export function chefSearch() {
  const s = scenarios.chefSearch;
  const req = pickRequest(s, Math.random());
  const r = api('GET', 'chefSearch', req.name, req.path, tokenFor('restaurant'));
  check(r, { 'chefs found': (x) => x.status === 200 });
  sleep(thinkTime(s, Math.random()));
}
