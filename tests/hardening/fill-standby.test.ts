import { eventually } from '@brigade/kit/testing';
import { expectLedgerGreen } from './support/ledger';
import {
  acceptAndConfirm,
  apply,
  expectStatus,
  nowOf,
  payJob,
  postJob,
  signUp,
  startStack,
  type Account,
  type PostedJob,
  type Stack,
  textsSentTo,
  until as untilTime,
} from './support/stack';

// Issue 37's reconfirmation and standby through the whole product (gateway, five services, bus, the Stripe and
// SMS sandboxes; real PostgreSQL, RabbitMQ and Redis when their variables are set), on the wall clock with
// the policy shortened: a chef is asked to reconfirm RECONFIRM_OPENS (60 s) before the start and, silent,
// loses the seat RECONFIRM_BY (40 s) before it, as a late cancellation. The shift turns urgent and the seat is
// offered to its standby chefs in the order they joined, each for STANDBY_OFFER_MINUTES (0.15: 9 s): the
// first lets it pass, the second takes it. Everyone concerned is texted; the ledger stays green.

const RECONFIRM_OPENS_MS = 60_000;
const RECONFIRM_BY_MS = 40_000;
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    RECONFIRM_OPENS: `${RECONFIRM_OPENS_MS / 1000}s`,
    RECONFIRM_BY: `${RECONFIRM_BY_MS / 1000}s`,
    STANDBY_OFFER_MINUTES: '0.15',
    JOBS_RULES_POLL_MS: '200',
    NOTIFICATIONS_POLL_MS: '200',
  });
}, 120_000);
afterAll(async () => {
  await stack?.close();
});
afterEach(async () => {
  await expectLedgerGreen(stack);
});

const as = (who: Account) => ({
  get: (path: string) => stack.call('GET', `/api${path}`, { token: who.token }),
  post: (path: string, body?: unknown) => stack.call('POST', `/api${path}`, { token: who.token, body }),
});

/** Every text the SMS sandbox holds for a phone, newest first. */
const textsTo = (account: Account) => textsSentTo(stack, account);

/** The product's clock is moved to `at` (ADR 41). */
const until = (at: number) => untilTime(stack, at);

/** The chef's offer of this shift as their dashboard lists it (or undefined). */
async function offerOf(chef: Account, job: PostedJob) {
  const body = expectStatus(await as(chef).get('/offers'), 200).body;
  return body.offers.find((o: { job_id: string }) => o.job_id === job.id);
}

test('a missed reconfirmation releases the seat as a late cancellation and offers it to standby, one chef at a time', async () => {
  const [restaurant, ana, ben, cleo] = await Promise.all([
    signUp(stack, 'restaurant'),
    signUp(stack, 'chef'),
    signUp(stack, 'chef'),
    signUp(stack, 'chef'),
  ]);
  // 31 seconds at $75/h, starting in 100 s: booked before the reconfirmation window opens (40 s from now).
  const job = await postJob(stack, restaurant, 100_000, 31 / 3600, 75);
  await payJob(stack, restaurant, job);
  const appId = await apply(stack, ana, job);
  await acceptAndConfirm(stack, restaurant, ana, appId);
  expect(nowOf(stack)).toBeLessThan(job.start.getTime() - RECONFIRM_OPENS_MS);

  // Ben then Cleo join the filled shift's standby list (once jobs has heard they can be paid).
  const join = (chef: Account) =>
    eventually(async () => expectStatus(await as(chef).post(`/jobs/${job.id}/standby`), 201).body);
  expect(await join(ben)).toMatchObject({ position: 1, standby_count: 1 });
  expect(await join(cleo)).toMatchObject({ position: 2, standby_count: 2 });
  const own = await as(ana).post(`/jobs/${job.id}/standby`);
  expect(own.status).toBe(409);
  expect(own.body.code).toBe('JOBS.STANDBY_OWN_SHIFT');

  // At RECONFIRM_OPENS Ana is asked, by text and in the app; she does not answer.
  await until(job.start.getTime() - RECONFIRM_OPENS_MS);
  const asked = await eventually(async () => {
    const app = expectStatus(await as(ana).get(`/applications/${appId}`), 200).body.application;
    expect(app.reconfirm_by).toBe(new Date(job.start.getTime() - RECONFIRM_BY_MS).toISOString());
    return app;
  });
  expect(asked.reconfirmed_at).toBeNull();
  await eventually(async () =>
    expect((await textsTo(ana)).some((t) => /still coming to "Line Cook".*Reconfirm by/.test(t))).toBe(true),
  );

  // At RECONFIRM_BY the seat is released: a late cancellation on her record, the shift urgent, Ben offered.
  await until(job.start.getTime() - RECONFIRM_BY_MS);
  await eventually(async () => {
    const app = expectStatus(await as(ana).get(`/applications/${appId}`), 200).body.application;
    expect(app.status).toBe('cancelled');
  });
  const tooLate = await as(ana).post(`/applications/${appId}/reconfirm`);
  expect(tooLate.status).toBe(409);
  expect(tooLate.body.code).toBe('JOBS.RECONFIRM_RELEASED');
  const page = expectStatus(await as(restaurant).get(`/jobs/${job.id}`), 200).body.job;
  expect(page).toMatchObject({ status: 'open', emergency_level: 'urgent', standby_count: 1 });
  const toBen = await eventually(async () => {
    const offer = await offerOf(ben, job);
    expect(offer).toMatchObject({ kind: 'standby', status: 'pending' });
    return offer;
  });
  await eventually(async () => {
    const record = expectStatus(await as(restaurant).get(`/applications?jobId=${job.id}`), 200).body
      .applications[0].chef_profiles.reliability;
    expect(record.late_cancellations).toBe(1);
  });
  await eventually(async () => {
    expect((await textsTo(ana)).some((t) => /did not reconfirm .* your seat was released/.test(t))).toBe(
      true,
    );
    expect(
      (await textsTo(ben)).some((t) =>
        /a seat opened on "Line Cook".*it's yours if you take it in 1 minute:/.test(t),
      ),
    ).toBe(true);
    expect((await textsTo(restaurant)).some((t) => /did not reconfirm/.test(t))).toBe(true);
  });

  // Ben lets his minutes pass: the seat passes to Cleo, who takes it; the shift is filled again.
  await until(Date.parse(toBen.expires_at));
  const toCleo = await eventually(async () => {
    const offer = await offerOf(cleo, job);
    expect(offer).toMatchObject({ kind: 'standby', status: 'pending' });
    return offer;
  });
  expect((await offerOf(ben, job)).status).toBe('expired');
  const taken = expectStatus(await as(cleo).post(`/offers/${toCleo.id}/accept`), 200).body.offer;
  expect(taken.status).toBe('accepted');
  const filled = expectStatus(await as(restaurant).get(`/jobs/${job.id}`), 200).body.job;
  expect(filled).toMatchObject({ status: 'filled', standby_count: 0 });
  const seat = filled.applications.find((a: { chef_id: string }) => a.chef_id === cleo.id);
  expect(seat).toMatchObject({ status: 'accepted', worker_confirmed: true });
}, 180_000);
