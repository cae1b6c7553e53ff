// The whole money path at a steady rate: post, pay into escrow, a chef applies, is accepted and confirms, both
// check out after the end (a 31-second shift: checkout opens at the end), and the chef is paid out. Chef
// accounts need payouts set up (Connect onboarding); a chef holds one shift at a time, so ACCOUNTS needs at
// least as many chefs as flows run at once.
//   k6 run -e BASE_URL=https://staging.example -e ACCOUNTS=./accounts.json tests/load/k6/money-flow.js
import { check, sleep } from 'k6';
import { scenarios, k6Thresholds, thinkTime } from '../scenarios.js';
import { api, confirmCard, shiftBody, tokenFor } from './common.js';

const s = scenarios.moneyFlow;
const RATE = Number(__ENV.RATE_PER_MINUTE || s.ratePerMinute);
/** The shift starts this long after posting, and lasts SHIFT_SECONDS (checkout opens at its end). */
const START_IN_SECONDS = 60;
const SHIFT_SECONDS = 31;

export const options = {
  scenarios: {
    moneyFlow: {
      executor: 'constant-arrival-rate',
      exec: 'moneyFlow',
      rate: RATE,
      timeUnit: '1m',
      duration: __ENV.DURATION || '10m',
      preAllocatedVUs: Math.ceil((RATE / 60) * (START_IN_SECONDS + SHIFT_SECONDS + 30)) + 5,
      maxVUs: Math.ceil((RATE / 60) * (START_IN_SECONDS + SHIFT_SECONDS + 30)) * 2 + 10,
    },
  },
  thresholds: {
    ...k6Thresholds(['moneyFlow']),
    'checks{scenario:moneyFlow}': ['rate>0.99'],
  },
};

const step = (name) => ({ scenario: 'moneyFlow', name });

export function moneyFlow() {
  const restaurant = tokenFor('restaurant');
  const chef = tokenFor('chef');
  const pause = () => sleep(thinkTime(s, Math.random()));

  const posted = api(
    'POST',
    'moneyFlow',
    'post-job',
    '/jobs',
    restaurant,
    // $75/h: 31 seconds are charged $1.34, over the card minimum (run with MIN_SHIFT_DURATION shortened)
    shiftBody(START_IN_SECONDS / 60, SHIFT_SECONDS / 3600, 75),
  );
  if (!check(posted, { 'job posted': (r) => r.status === 201 }, step('post-job'))) return;
  const jobId = posted.json('job.id');
  let intent = null;
  for (let i = 0; i < 20 && !intent; i++) {
    const r = api('POST', 'moneyFlow', 'create-escrow', '/payments/create-escrow-payment', restaurant, {
      job_id: jobId,
    });
    if (r.status === 200) intent = r.json();
    else sleep(0.1);
  }
  if (!check(intent, { 'payment intent': (x) => x !== null })) return;
  check(confirmCard('moneyFlow', intent.payment_intent_id, intent.client_secret), {
    'card confirmed': (r) => r.status === 200,
  });

  // the job opens when escrow is held (payments -> jobs event)
  let open = false;
  for (let i = 0; i < 50 && !open; i++) {
    sleep(0.1);
    open = api('GET', 'moneyFlow', 'job', `/jobs/${jobId}`, restaurant).json('job.status') === 'open';
  }
  if (!check(open, { 'job opened': (x) => x })) return;
  pause();
  const applied = api('POST', 'moneyFlow', 'apply', `/jobs/${jobId}/apply`, chef);
  if (!check(applied, { applied: (r) => r.status === 201 })) return;
  const applicationId = applied.json('application.id');
  const accepted = api('PATCH', 'moneyFlow', 'accept', `/applications/${applicationId}`, restaurant, {
    status: 'accepted',
  });
  if (!check(accepted, { accepted: (r) => r.status === 200 })) return;
  const confirmed = api('POST', 'moneyFlow', 'confirm', `/applications/${applicationId}/confirm`, chef, {
    confirmed: true,
  });
  if (!check(confirmed, { confirmed: (r) => r.status === 200 })) return;

  const endsAt = new Date(posted.json('job.end_time')).getTime();
  sleep(Math.max(0, (endsAt - Date.now()) / 1000 + 1));
  const r1 = api('POST', 'moneyFlow', 'checkout', `/applications/${applicationId}/checkout`, restaurant, {
    rating: 5,
    workCompleted: true,
    feedback: null,
  });
  check(r1, { 'restaurant checked out': (r) => r.status === 200 });
  const r2 = api('POST', 'moneyFlow', 'checkout', `/applications/${applicationId}/checkout`, chef, {
    rating: 5,
    workCompleted: true,
    feedback: null,
  });
  check(r2, { 'mutual checkout': (r) => r.status === 200 && r.json('mutualCheckoutCompleted') === true });

  let status = null;
  for (let i = 0; i < 30 && status !== 'completed'; i++) {
    sleep(0.5);
    status = api('GET', 'moneyFlow', 'payment-status', `/payments/job/${jobId}`, restaurant).json(
      'payment_status',
    );
  }
  check(status, { 'chef paid out': (x) => x === 'completed' });
}
