import { eventually } from '@brigade/kit/testing';
import { expectLedgerGreen } from './support/ledger';
import {
  acceptAndConfirm,
  apply,
  checkout,
  expectStatus,
  paymentStatus,
  payJob,
  postJob,
  randomClientIp,
  signUp,
  startStackWithOperator,
  type Operator,
  untilEnded,
  type Account,
  type PostedJob,
  type Stack,
  textsSentTo,
} from './support/stack';

// Issue 17 through the whole product (gateway, five services, bus; real servers in CI): three shifts whose
// checkout answers disagree become disputes; both sides write statements; an operator, signed in through the
// normal sign-in, reads the queue and decides each one: a split, a full payout and a full refund. After each
// decision the money moved exactly as decided, ledger:check is green, both sides read the decision and its
// note on the job page and got a text, the reliability records follow the rule, and the timeline and the
// audit log show the operator's action. Then suspension: a chef's live session is cut within 3 seconds, sign-in
// is refused, the pending application is withdrawn; a restaurant's open shift is cancelled and refunded.

let stack: Stack;
let operatorToken: string;
let operator: Operator;

beforeAll(async () => {
  ({ stack, operator } = await startStackWithOperator({
    JOBS_RULES_POLL_MS: '200',
    NOTIFICATIONS_POLL_MS: '200',
  }));
  operatorToken = operator.token;
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

interface Dispute {
  restaurant: Account;
  chef: Account;
  job: PostedJob;
  applicationId: string;
}

/**
 * A paid, filled shift: 31 seconds at $75/h, paid as one minute (shift pay $1.25, fee $0.09, total $1.34).
 */
async function bookedShift(): Promise<Dispute> {
  const [restaurant, chef] = await Promise.all([signUp(stack, 'restaurant'), signUp(stack, 'chef')]);
  const job = await postJob(stack, restaurant, 15_000, 31 / 3600, 75);
  await payJob(stack, restaurant, job);
  const applicationId = await apply(stack, chef, job);
  await acceptAndConfirm(stack, restaurant, chef, applicationId);
  return { restaurant, chef, job, applicationId };
}

/**
 * The shift's end (checkout opens then; the product's clock is moved there), and checkout answers that
 * disagree. Every shift of the file is booked first: moving the clock past one's end passes the others' starts.
 */
async function disputedShift({ restaurant, chef, job, applicationId }: Dispute): Promise<Dispute> {
  await untilEnded(job);
  await checkout(stack, chef, applicationId, true);
  await checkout(stack, restaurant, applicationId, false);
  await paymentStatus(stack, restaurant, job.id, 'disputed');
  return { restaurant, chef, job, applicationId };
}

const as = (token: string) => ({
  get: (path: string) => stack.call('GET', `/api${path}`, { token }),
  post: (path: string, body: unknown) => stack.call('POST', `/api${path}`, { token, body }),
});
const ops = () => as(operatorToken);

const textsTo = (account: Account) => textsSentTo(stack, account);

async function reliabilityOf(account: Account) {
  const body = expectStatus(await ops().get(`/ops/users/${account.id}`), 200).body;
  return body.reliability;
}

let disputes: Dispute[] = [];

test('disagreeing checkouts open disputes; both sides write statements; nobody else can', async () => {
  const booked = await Promise.all([bookedShift(), bookedShift(), bookedShift()]);
  disputes = await Promise.all(booked.map(disputedShift));
  const [first] = disputes;
  const chefSays = expectStatus(
    await as(first.chef.token).post(`/jobs/${first.job.id}/dispute`, {
      statement: 'I worked the whole shift from open to close.',
    }),
    201,
  );
  expect(chefSays.body.statement).toMatchObject({
    author_side: 'chef',
    text: 'I worked the whole shift from open to close.',
  });
  expectStatus(
    await as(first.restaurant.token).post(`/jobs/${first.job.id}/dispute`, {
      statement: 'The chef left after four hours.',
    }),
    201,
  );
  // A stranger (another chef, another restaurant) may not write one; an empty or too long one is a 400.
  const [stranger, otherRestaurant] = await Promise.all([signUp(stack, 'chef'), signUp(stack, 'restaurant')]);
  for (const outsider of [stranger, otherRestaurant]) {
    const reply = await as(outsider.token).post(`/jobs/${first.job.id}/dispute`, { statement: 'Me too' });
    expect([403, 404]).toContain(reply.status);
    expect(typeof reply.body.error).toBe('string');
  }
  expect((await as(first.chef.token).post(`/jobs/${first.job.id}/dispute`, { statement: ' ' })).status).toBe(
    400,
  );
  expect(
    (await as(first.chef.token).post(`/jobs/${first.job.id}/dispute`, { statement: 'x'.repeat(2001) }))
      .status,
  ).toBe(400);
  // An operator is not a party: the member route refuses its token.
  expect((await ops().post(`/jobs/${first.job.id}/dispute`, { statement: 'Operator' })).status).toBe(403);

  // Both parties see both statements on the job page; the dispute is open.
  for (const party of [first.chef, first.restaurant]) {
    const job = expectStatus(await as(party.token).get(`/jobs/${first.job.id}`), 200).body.job;
    expect(job.status).toBe('disputed');
    expect(job.dispute.status).toBe('open');
    expect(job.dispute.statements.map((s: { author_side: string }) => s.author_side).sort()).toEqual([
      'chef',
      'restaurant',
    ]);
  }
}, 180_000);

test('the operator reads the queue, oldest first, with both sides facts', async () => {
  const queue = expectStatus(await ops().get('/ops/disputes'), 200).body.disputes;
  const mine = queue.filter((d: { job: { id: string } }) => disputes.some((x) => x.job.id === d.job.id));
  expect(mine).toHaveLength(3);
  const opened = queue.map((d: { opened_at: string }) => Date.parse(d.opened_at));
  expect(opened).toEqual([...opened].sort((a, b) => a - b));
  const first = queue.find((d: { job: { id: string } }) => d.job.id === disputes[0].job.id);
  expect(first.checkouts.chef).toMatchObject({ work_completed: true, rating: 5 });
  // "did not work" carries no rating (issue 32)
  expect(first.checkouts.restaurant).toMatchObject({ work_completed: false, rating: null });
  // Each side's count and latest statement, not every statement (issue 33).
  expect(first.statements).toBeUndefined();
  expect(first.chef.statements_count + first.restaurant.statements_count).toBe(2);
  expect(first.chef.reliability).toEqual(expect.objectContaining({ no_shows: 0 }));
  expect(first.restaurant.reliability).toEqual(expect.objectContaining({ disputes_lost: 0 }));
  expect(first.thread_size).toBe(0);
  expect(first.resolution).toBeNull();
  // Chefs and restaurants are refused the console.
  for (const member of [disputes[0].chef, disputes[0].restaurant]) {
    const reply = await as(member.token).get('/ops/disputes');
    expect(reply.status).toBe(403);
  }
});

/** Resolve, then: the money as decided, ledger green, the decision and note on both job pages, texts. */
async function decide(d: Dispute, chefPayCents: number, note: string, expected: string) {
  const reply = expectStatus(
    await ops().post(`/ops/disputes/${d.job.id}/resolve`, { chef_pay_cents: chefPayCents, note }),
    200,
  );
  expect(reply.body.dispute.resolution).toMatchObject({ chef_pay_cents: chefPayCents, note });
  await paymentStatus(stack, d.restaurant, d.job.id, expected);
  await expectLedgerGreen(stack);
  for (const party of [d.chef, d.restaurant]) {
    const job = expectStatus(await as(party.token).get(`/jobs/${d.job.id}`), 200).body.job;
    expect(job.status).toBe('completed');
    expect(job.dispute.status).toBe('resolved');
    expect(job.dispute.resolution).toMatchObject({ chef_pay_cents: chefPayCents, note });
    await eventually(
      async () => expect((await textsTo(party)).join('\n')).toMatch(/decid|decisi/i),
      20_000,
      300,
    );
  }
  return reply.body.dispute.resolution;
}

test('a split: the chef is paid what the operator decided, Brigade keeps 7% of it, the rest is refunded', async () => {
  const d = disputes[0];
  // Out of range is a 400 that changes nothing.
  for (const chef_pay_cents of [-1, 126, 100.5])
    expect(
      (await ops().post(`/ops/disputes/${d.job.id}/resolve`, { chef_pay_cents, note: 'x' })).status,
    ).toBe(400);
  expect(
    (await ops().post(`/ops/disputes/${d.job.id}/resolve`, { chef_pay_cents: 100, note: '' })).status,
  ).toBe(400);
  const resolution = await decide(d, 62, 'Half the shift was worked.', 'settled');
  expect(resolution).toMatchObject({ chef_pay_cents: 62, fee_cents: 4, refund_cents: 68 });
  // A second decision is a 409 and moves nothing.
  expect(
    (await ops().post(`/ops/disputes/${d.job.id}/resolve`, { chef_pay_cents: 0, note: 'Again' })).status,
  ).toBe(409);
  await expectLedgerGreen(stack);
  // A split counts on neither record.
  expect((await reliabilityOf(d.chef)).no_shows).toBe(0);
  expect((await reliabilityOf(d.restaurant)).disputes_lost).toBe(0);
}, 120_000);

test('a full payout counts as a dispute lost by the restaurant', async () => {
  const d = disputes[1];
  const resolution = await decide(d, 125, 'The timesheet shows the full shift.', 'completed');
  expect(resolution).toMatchObject({ chef_pay_cents: 125, fee_cents: 9, refund_cents: 0 });
  await eventually(
    async () => expect((await reliabilityOf(d.restaurant)).disputes_lost).toBe(1),
    20_000,
    300,
  );
  expect((await reliabilityOf(d.chef)).no_shows).toBe(0);
}, 120_000);

test('a full refund counts as a no-show on the chef', async () => {
  const d = disputes[2];
  const resolution = await decide(d, 0, 'The chef never arrived.', 'refunded');
  expect(resolution).toMatchObject({ chef_pay_cents: 0, fee_cents: 0, refund_cents: 134 });
  await eventually(async () => expect((await reliabilityOf(d.chef)).no_shows).toBe(1), 20_000, 300);
  expect((await reliabilityOf(d.restaurant)).disputes_lost).toBe(0);
}, 120_000);

test("the job's timeline and the audit log show every step and the operator's decision", async () => {
  const d = disputes[0];
  const timeline = await eventually(
    async () => {
      const t = expectStatus(await ops().get(`/ops/jobs/${d.job.id}/timeline`), 200).body;
      const kinds = new Set(t.entries.map((e: { kind: string }) => e.kind));
      for (const kind of ['state', 'money', 'sms', 'operator']) expect(kinds).toContain(kind);
      return t;
    },
    20_000,
    300,
  );
  const at = timeline.entries.map((e: { at: string }) => Date.parse(e.at));
  expect(at).toEqual([...at].sort((a, b) => a - b));
  const decision = timeline.entries.find((e: { kind: string }) => e.kind === 'operator');
  expect(decision.actor.type).toBe('operator');
  const audit = expectStatus(await ops().get(`/ops/audit?job_id=${d.job.id}`), 200).body.entries;
  expect(audit).toEqual([
    expect.objectContaining({
      action: 'dispute.resolve',
      operator_email: operator.email,
      reason: 'Half the shift was worked.',
    }),
  ]);
  const ledger = expectStatus(await ops().get(`/ops/jobs/${d.job.id}/ledger`), 200).body;
  expect(ledger.totals).toMatchObject({
    charged_cents: 134,
    transferred_cents: 62,
    refunded_cents: 68,
  });
}, 60_000);

test('suspending a chef cuts the live session within 3 s, refuses sign-in and withdraws the pending application', async () => {
  const [restaurant, chef] = await Promise.all([signUp(stack, 'restaurant'), signUp(stack, 'chef')]);
  const job = await postJob(stack, restaurant, 86_400_000, 4, 25);
  await payJob(stack, restaurant, job);
  const applicationId = await apply(stack, chef, job);
  expectStatus(await as(chef.token).get('/applications'), 200);

  expect((await ops().post(`/ops/users/${chef.id}/suspend`, { reason: '' })).status).toBe(400);
  const suspended = Date.now();
  expectStatus(
    await ops().post(`/ops/users/${chef.id}/suspend`, {
      reason: 'Repeated no-shows reported by three kitchens.',
    }),
    200,
  );
  await eventually(
    async () => expect((await as(chef.token).get('/applications')).status).toBe(401),
    3_000,
    50,
  );
  expect(Date.now() - suspended).toBeLessThan(3_000);
  const signin = await stack.call('POST', '/api/auth/signin', {
    body: { email: chef.email, password: chef.password },
    ip: randomClientIp(),
  });
  expect(signin.status).toBe(403);
  expect(signin.body.error).toMatch(/suspended/i);
  await eventually(
    async () => {
      const apps = expectStatus(await as(restaurant.token).get(`/jobs/${job.id}`), 200).body.job.applications;
      expect(apps.find((a: { id: string }) => a.id === applicationId).status).not.toBe('pending');
    },
    20_000,
    300,
  );
  expect((await ops().post(`/ops/users/${chef.id}/suspend`, { reason: 'Again' })).status).toBe(409);

  expectStatus(await ops().post(`/ops/users/${chef.id}/reinstate`, { reason: 'Appeal accepted.' }), 200);
  expectStatus(
    await stack.call('POST', '/api/auth/signin', {
      body: { email: chef.email, password: chef.password },
      ip: randomClientIp(),
    }),
    200,
  );
  const audit = expectStatus(await ops().get(`/ops/audit?subject_id=${chef.id}`), 200).body.entries;
  expect(audit.map((e: { action: string }) => e.action)).toEqual(['user.reinstate', 'user.suspend']);
}, 120_000);

test('suspending a restaurant cancels its open unfilled shift with a full refund', async () => {
  const restaurant = await signUp(stack, 'restaurant');
  const job = await postJob(stack, restaurant, 86_400_000, 4, 25);
  await payJob(stack, restaurant, job);
  expectStatus(
    await ops().post(`/ops/users/${restaurant.id}/suspend`, { reason: 'Chargebacks on three cards.' }),
    200,
  );
  // The restaurant's own token is revoked: the console reads the job's money.
  await eventually(
    async () => {
      const ledger = expectStatus(await ops().get(`/ops/jobs/${job.id}/ledger`), 200).body;
      expect(ledger.payment_status).toBe('refunded');
      expect(ledger.totals.refunded_cents).toBe(job.totalCents);
    },
    30_000,
    300,
  );
  expect((await as(restaurant.token).get('/jobs')).status).toBe(401);
  await expectLedgerGreen(stack);
}, 120_000);
