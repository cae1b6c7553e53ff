// The one scenario module of Brigade's load tests. Plain JavaScript with no imports, so that both k6
// (tests/load/k6/*.js, run by the platform team against a deployment) and the benchmark
// (tests/load/bench.ts, `npm run bench`, run on our machines with autocannon) read the same request mixes,
// think times and thresholds.
//
// Paths are under the API base (`/api` on the public origin). `{name}` placeholders are filled per virtual
// user (its job, its latest message id...). Think times are how long a real client waits between two
// requests of the scenario (the web client's polling intervals); the benchmark drops them and runs closed
// loops at `bench.connections` to find the machine's limit, k6 keeps them to model real users.

/** Default thresholds of a poll: what one request may cost at 50 concurrent connections. */
const POLL_THRESHOLDS = { p95Ms: 25, p99Ms: 50, errorRate: 0.001 };
/** Writes go through a transaction, an outbox row and (for post+pay) the payment provider. */
const WRITE_THRESHOLDS = { p95Ms: 150, p99Ms: 300, errorRate: 0.01 };
/** One person's quick write, the money following by event (issue 34's clock-in and approve, issue 41's apply and accept). */
const QUICK_WRITE_THRESHOLDS = { p95Ms: 100, p99Ms: 150, errorRate: 0.01 };

export const API_BASE = '/api';

/**
 * Every scenario: who runs it, what it requests (a weighted mix), how long a real client waits between
 * requests, and the thresholds that decide pass or fail (k6) or are printed beside the figure (bench).
 */
export const scenarios = {
  openingsPoll: {
    title: 'Openings poll (chef, 50 shifts)',
    actor: 'chef',
    kind: 'poll',
    // As the openings screen asks: the list as every chef sees it (shared=1, no user_applied; the chef's own
    // applications come from the applications poll), which the gateway keeps once per list version.
    requests: [{ name: 'openings', method: 'GET', path: '/jobs?status=open&shared=1&limit=50', weight: 1 }],
    /** The openings page refreshes every 15 s while visible; the browser revalidates with If-None-Match. */
    thinkTimeSeconds: { min: 12, max: 18 },
    revalidate: true,
    /** One answer for every chef, not a per-user one. */
    shared: true,
    thresholds: POLL_THRESHOLDS,
    bench: { connections: 50, variants: ['200', '304'] },
  },
  applicationsPoll: {
    title: "Applications poll (chef's own)",
    actor: 'chef',
    kind: 'poll',
    requests: [{ name: 'applications', method: 'GET', path: '/applications', weight: 1 }],
    thinkTimeSeconds: { min: 12, max: 18 },
    revalidate: true,
    thresholds: POLL_THRESHOLDS,
    bench: { connections: 50, variants: ['200', '304'] },
  },
  conversationsPoll: {
    title: 'Conversations poll',
    actor: 'chef',
    kind: 'poll',
    requests: [{ name: 'conversations', method: 'GET', path: '/messages/conversations', weight: 1 }],
    thinkTimeSeconds: { min: 8, max: 12 },
    revalidate: true,
    thresholds: POLL_THRESHOLDS,
    bench: { connections: 50, variants: ['200', '304'] },
  },
  // Issue 40: the bell in the navigation of every signed-in page, polled every 30 s.
  unreadCountPoll: {
    title: 'Unread notifications poll (the bell)',
    actor: 'chef',
    kind: 'poll',
    requests: [{ name: 'unread', method: 'GET', path: '/notifications/unread-count', weight: 1 }],
    thinkTimeSeconds: { min: 28, max: 32 },
    revalidate: true,
    thresholds: POLL_THRESHOLDS,
    bench: { connections: 50, variants: ['200', '304'] },
  },
  // Issue 40: the notifications page (the inbox's first page of 20), polled while it is open.
  inboxPoll: {
    title: 'Inbox poll (first page)',
    actor: 'chef',
    kind: 'poll',
    requests: [{ name: 'inbox', method: 'GET', path: '/notifications', weight: 1 }],
    thinkTimeSeconds: { min: 28, max: 32 },
    revalidate: true,
    thresholds: POLL_THRESHOLDS,
    bench: { connections: 50, variants: ['200', '304'] },
  },
  threadPoll: {
    title: 'Thread poll with since',
    actor: 'chef',
    kind: 'poll',
    requests: [
      { name: 'thread', method: 'GET', path: '/messages/job/{jobId}?since={lastMessageId}', weight: 1 },
    ],
    /** An open thread is polled every 3 s. */
    thinkTimeSeconds: { min: 2, max: 4 },
    revalidate: true,
    thresholds: POLL_THRESHOLDS,
    bench: { connections: 50, variants: ['200', '304'] },
  },
  chefSearch: {
    /** The first page of results, as the chef search screen asks for it (limit = CHEF_SEARCH_PAGE_SIZE). */
    title: 'Chef search (skills + radius)',
    actor: 'restaurant',
    kind: 'read',
    requests: [
      {
        name: 'chef-search',
        method: 'GET',
        path: '/profiles/chefs?skills=%5B%22Line%20Cook%22%2C%22Prep%20Cook%22%5D&radius=25&limit=25',
        weight: 3,
      },
      {
        name: 'chef-search',
        method: 'GET',
        path: '/profiles/chefs?skills=%5B%22Dishwasher%22%5D&radius=10&minRate=15&maxRate=40&limit=25',
        weight: 1,
      },
    ],
    thinkTimeSeconds: { min: 5, max: 20 },
    revalidate: false,
    thresholds: POLL_THRESHOLDS,
    bench: { connections: 50, variants: ['200'] },
  },
  postAndPay: {
    title: 'Post + pay a shift',
    actor: 'restaurant',
    kind: 'flow',
    requests: [
      { name: 'post-job', method: 'POST', path: '/jobs', weight: 1 },
      { name: 'create-escrow', method: 'POST', path: '/payments/create-escrow-payment', weight: 1 },
      {
        name: 'confirm-card',
        method: 'POST',
        path: '/sandbox/stripe/v1/payment_intents/{paymentIntentId}/confirm',
        weight: 1,
        base: 'origin',
      },
    ],
    /** Filling in the form and the card. */
    thinkTimeSeconds: { min: 20, max: 60 },
    revalidate: false,
    // issue 41: p99 under 250 ms (post, escrow and the card's confirm, one after another)
    thresholds: { p95Ms: 200, p99Ms: 250, errorRate: 0.01 },
    bench: { connections: 10, variants: ['flow'] },
  },
  apply: {
    title: 'Apply to a shift',
    actor: 'chef',
    kind: 'write',
    requests: [{ name: 'apply', method: 'POST', path: '/jobs/{jobId}/apply', weight: 1 }],
    thinkTimeSeconds: { min: 10, max: 30 },
    revalidate: false,
    // issue 41: p99 under 150 ms at 10 connections
    thresholds: QUICK_WRITE_THRESHOLDS,
    bench: { connections: 10, variants: ['write'] },
  },
  accept: {
    title: 'Accept an applicant',
    actor: 'restaurant',
    kind: 'write',
    requests: [{ name: 'accept', method: 'PATCH', path: '/applications/{applicationId}', weight: 1 }],
    thinkTimeSeconds: { min: 10, max: 30 },
    revalidate: false,
    // issue 41: p99 under 150 ms at 10 connections
    thresholds: QUICK_WRITE_THRESHOLDS,
    bench: { connections: 10, variants: ['write'] },
  },
  clock_in: {
    title: 'Clock in (by code)',
    actor: 'chef',
    kind: 'write',
    requests: [
      { name: 'clock-in', method: 'POST', path: '/applications/{applicationId}/clock-in', weight: 1 },
    ],
    /** A chef clocks in once a shift; at the start of a service many chefs of a city do it in the same minutes. */
    thinkTimeSeconds: { min: 10, max: 30 },
    revalidate: false,
    // issue 34: p99 under 150 ms at 50 connections (a transaction under the job's, the application's and the
    // timesheet's locks, an event row)
    thresholds: QUICK_WRITE_THRESHOLDS,
    bench: { connections: 50, variants: ['write'] },
  },
  approve_timesheet: {
    title: 'Approve a timesheet',
    actor: 'restaurant',
    kind: 'write',
    requests: [
      { name: 'approve', method: 'POST', path: '/applications/{applicationId}/timesheet/approve', weight: 1 },
    ],
    thinkTimeSeconds: { min: 10, max: 30 },
    revalidate: false,
    // issue 34: p99 under 150 ms at 50 connections (the money follows by event, after the answer)
    thresholds: QUICK_WRITE_THRESHOLDS,
    bench: { connections: 50, variants: ['write'] },
  },
  moneyFlow: {
    title: 'Full money flow (post, pay, apply, accept, confirm, both check out, payout)',
    actor: 'both',
    kind: 'flow',
    requests: [
      { name: 'post-job', method: 'POST', path: '/jobs', weight: 1 },
      { name: 'create-escrow', method: 'POST', path: '/payments/create-escrow-payment', weight: 1 },
      {
        name: 'confirm-card',
        method: 'POST',
        path: '/sandbox/stripe/v1/payment_intents/{paymentIntentId}/confirm',
        weight: 1,
        base: 'origin',
      },
      { name: 'apply', method: 'POST', path: '/jobs/{jobId}/apply', weight: 1 },
      { name: 'accept', method: 'PATCH', path: '/applications/{applicationId}', weight: 1 },
      { name: 'confirm', method: 'POST', path: '/applications/{applicationId}/confirm', weight: 1 },
      { name: 'checkout', method: 'POST', path: '/applications/{applicationId}/checkout', weight: 2 },
      { name: 'payment-status', method: 'GET', path: '/payments/job/{jobId}', weight: 1 },
    ],
    /** k6 runs it at a steady arrival rate (flows per minute), not in a closed loop. */
    ratePerMinute: 30,
    thinkTimeSeconds: { min: 1, max: 3 },
    revalidate: false,
    thresholds: WRITE_THRESHOLDS,
    bench: { connections: 4, variants: ['flow'] },
  },
};

/** Event latency targets: a state change to its consumer's effect, through the outbox and RabbitMQ. */
export const eventLatency = {
  // issue 41: p99 under 150 ms for both
  escrowHeldToJobOpen: { title: 'escrow held -> job open', p50Ms: 100, p99Ms: 150 },
  mutualCheckoutToTransfer: { title: 'mutual checkout -> transfer created', p50Ms: 100, p99Ms: 150 },
};

/** The targets for figures that are not a single request. */
export const targets = {
  /**
   * Issue 41: every poll's unchanged answers (304) at >= 60% of the bare server, and every per-user poll's changed
   * ones (200) at >= 25%. The openings list is one answer for every chef (shared), held to issue 22's 15%.
   */
  polls304VsBare: 0.6,
  polls200VsBare: 0.25,
  sharedPolls200VsBare: 0.15,
  pollP99Ms: 50,
  startToFirstPageMs: 10_000,
  embeddedPeakMemoryBytes: 1024 * 1024 * 1024,
  /** The first start on a fresh data folder (issue 41): its whole process tree at its peak (summed), ... */
  coldStartPeakMemoryBytes: 600 * 1024 * 1024,
  /** ... and each of its processes (the server, the web build, PGlite's initdb child). */
  coldStartProcessPeakMemoryBytes: 400 * 1024 * 1024,
  landingJsGzipBytes: 150 * 1024,
};

/** A weighted pick from a scenario's request mix (`random` in [0, 1)). */
export function pickRequest(scenario, random) {
  const total = scenario.requests.reduce((sum, r) => sum + r.weight, 0);
  let at = random * total;
  for (const r of scenario.requests) {
    at -= r.weight;
    if (at < 0) return r;
  }
  return scenario.requests[scenario.requests.length - 1];
}

/** Fill `{name}` placeholders from a virtual user's values. */
export function fillPath(path, values) {
  return path.replace(/\{(\w+)\}/g, (_, key) => {
    if (values[key] === undefined || values[key] === null)
      throw new Error(`No value for {${key}} in ${path}`);
    return encodeURIComponent(String(values[key]));
  });
}

/** Seconds to wait before the next request of a scenario. */
export function thinkTime(scenario, random) {
  const { min, max } = scenario.thinkTimeSeconds;
  return min + (max - min) * random;
}

/**
 * k6 `options.thresholds` for some scenarios, on requests tagged `{ scenario: <name> }`:
 * p95/p99 of http_req_duration and the error rate (http_req_failed; 304 is a success).
 */
export function k6Thresholds(names) {
  const out = {};
  for (const name of names) {
    const t = scenarios[name].thresholds;
    out[`http_req_duration{scenario:${name}}`] = [`p(95)<${t.p95Ms}`, `p(99)<${t.p99Ms}`];
    out[`http_req_failed{scenario:${name}}`] = [`rate<${t.errorRate}`];
  }
  return out;
}
