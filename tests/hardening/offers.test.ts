import { eventually } from '@brigade/kit/testing';
import { expectLedgerGreen } from './support/ledger';
import {
  apply,
  checkout,
  expectStatus,
  paymentStatus,
  payJob,
  postJob,
  signUp,
  startStackWithOperator,
  type Operator,
  untilEnded,
  type Account,
  type PostedJob,
  type Stack,
  textsSentTo,
} from './support/stack';

// Issue 35's direct offers through the whole product (gateway, five services, bus, the Stripe and SMS sandboxes;
// real PostgreSQL, RabbitMQ and Redis when their variables are set). A restaurant offers its paid shift to a
// chef of its roster (by the profile id the roster gives) and to another chef (by user id); both are texted and
// see the offer with its pay; the first to accept books the seat and the other's offer reads taken. That shift
// (31 seconds at $75/h, paid as one minute: $1.25 to the chef, $0.09 of fee, $1.34 charged) runs to its end
// while the other tests run: an offer left unanswered past OFFER_EXPIRES_AFTER (here 5 s) and an offer to a
// suspended chef. Every test ends with ledger:check green and no money stuck (afterEach).

const OFFER_EXPIRES_AFTER_MS = 5_000;
let stack: Stack;
let operatorToken: string;

beforeAll(async () => {
  let operator: Operator;
  ({ stack, operator } = await startStackWithOperator({
    OFFER_EXPIRES_AFTER: `${OFFER_EXPIRES_AFTER_MS / 1000}s`,
    JOBS_RULES_POLL_MS: '200',
    NOTIFICATIONS_POLL_MS: '200',
  }));
  operatorToken = operator.token;
}, 120_000);
afterAll(async () => {
  await stack?.close();
});
afterEach(async () => {
  await expectLedgerGreen(stack);
});

const as = (who: Account | string) => {
  const token = typeof who === 'string' ? who : who.token;
  return {
    get: (path: string) => stack.call('GET', `/api${path}`, { token }),
    post: (path: string, body?: unknown) => stack.call('POST', `/api${path}`, { token, body }),
  };
};

/** Every text the SMS sandbox holds for a phone, newest first. */
const textsTo = (account: Account) => textsSentTo(stack, account);

/** The restaurant offers the shift to a chef (a profile id or a user id); the reply as it came. */
const offer = (restaurant: Account, job: PostedJob, chefId: string) =>
  as(restaurant).post(`/jobs/${job.id}/offers`, { chef_id: chefId });

/** The restaurant's view of the shift's offers: [chef id, status], newest first. */
async function offersOf(restaurant: Account, job: PostedJob): Promise<[string, string][]> {
  const body = expectStatus(await as(restaurant).get(`/jobs/${job.id}/offers`), 200).body;
  return body.offers.map((o: { chef_id: string; status: string }) => [o.chef_id, o.status]);
}

/** A chef's offer of this shift as their dashboard lists it. */
async function listedOffer(chef: Account, job: PostedJob) {
  const body = expectStatus(await as(chef).get('/offers'), 200).body;
  return body.offers.find((o: { job_id: string }) => o.job_id === job.id);
}

/** The offered shift of the first test, run to its end and checked out by the last. */
let offered: { restaurant: Account; chef: Account; job: PostedJob; applicationId: string };

test('a restaurant offers its shift to a chef of its roster and to another chef: both are texted, the first to accept books it, the other offer reads taken', async () => {
  const [restaurant, favorite, other, applicant] = await Promise.all([
    signUp(stack, 'restaurant'),
    signUp(stack, 'chef'),
    signUp(stack, 'chef'),
    signUp(stack, 'chef'),
  ]);
  // The roster names the chef by profile id (once jobs has heard of the profile: 404 until then).
  await eventually(async () =>
    expect((await as(restaurant).post(`/favorites/chef/${favorite.profileId}`)).status).toBe(201),
  );
  const roster = expectStatus(await as(restaurant).get('/favorites'), 200).body.favorites;
  expect(roster).toHaveLength(1);
  const rosterId: string = roster[0].chef_profile_id;
  expect(rosterId).toBe(favorite.profileId);

  // 31 seconds at $75/h, starting in 10 s: booked well before the start, over within the file.
  const job = await postJob(stack, restaurant, 10_000, 31 / 3600, 75);
  expect(job.totalCents).toBe(134);
  await payJob(stack, restaurant, job);
  const applied = await apply(stack, applicant, job);

  const toFavorite = expectStatus(await offer(restaurant, job, rosterId), 201).body.offer;
  expect(toFavorite).toMatchObject({ job_id: job.id, chef_id: favorite.id, status: 'pending' });
  const toOther = expectStatus(await offer(restaurant, job, other.id), 201).body.offer;
  expect(toOther).toMatchObject({ chef_id: other.id, chef_profile_id: other.profileId, status: 'pending' });
  // A second live offer to the same chef is refused.
  expect((await offer(restaurant, job, favorite.id)).body.code).toBe('JOBS.OFFER_EXISTS');

  // The chef's dashboard shows the offer with what it pays them.
  const seen = await listedOffer(favorite, job);
  expect(seen).toMatchObject({ id: toFavorite.id, status: 'pending' });
  expect(seen.shift).toMatchObject({
    title: 'Line Cook',
    hourly_rate: 75,
    chef_pay_cents: 125,
    restaurant_name: expect.stringMatching(/^Diner /),
    city: 'Detroit',
  });
  // Nobody else answers it: another chef's accept is a 404, as for an unknown offer.
  const foreign = await as(other).post(`/offers/${toFavorite.id}/accept`);
  expect([foreign.status, foreign.body.code]).toEqual([404, 'JOBS.OFFER_NOT_FOUND']);

  const accepted = expectStatus(await as(favorite).post(`/offers/${toFavorite.id}/accept`), 200).body.offer;
  expect(accepted.status).toBe('accepted');
  const applicationId: string = accepted.application_id;

  // Booked as when a chef confirms: the job filled, the chef's application accepted and confirmed, the
  // applicant turned down.
  expect(expectStatus(await as(restaurant).get(`/jobs/${job.id}`), 200).body.job.status).toBe('filled');
  expect(
    expectStatus(await as(favorite).get(`/applications/${applicationId}`), 200).body.application,
  ).toMatchObject({ job_id: job.id, status: 'accepted', worker_confirmed: true });
  expect(expectStatus(await as(applicant).get(`/applications/${applied}`), 200).body.application.status).toBe(
    'rejected',
  );

  // The other chef's offer reads taken, and accepting it is refused with the reason.
  expect((await listedOffer(other, job)).status).toBe('taken');
  const late = await as(other).post(`/offers/${toOther.id}/accept`);
  expect([late.status, late.body.code]).toEqual([409, 'JOBS.OFFER_TAKEN']);
  expect(await offersOf(restaurant, job)).toEqual([
    [other.id, 'taken'],
    [favorite.id, 'accepted'],
  ]);

  // Both were texted the offer with the restaurant, the shift and their pay, and where to answer it.
  const offerText =
    /^Brigade: Diner .+ offers you "Line Cook" on .+, paying you \$1\.25\. Accept or decline: .+\/dashboard\/chef$/;
  await eventually(async () => {
    expect(await textsTo(favorite)).toContainEqual(expect.stringMatching(offerText));
    expect(await textsTo(other)).toContainEqual(expect.stringMatching(offerText));
  }, 20_000);

  offered = { restaurant, chef: favorite, job, applicationId };
}, 120_000);

test('an offer left unanswered past OFFER_EXPIRES_AFTER reads expired, cannot be accepted, and the shift can be offered to the chef again', async () => {
  const [restaurant, chef] = await Promise.all([signUp(stack, 'restaurant'), signUp(stack, 'chef')]);
  const job = await postJob(stack, restaurant, 86_400_000, 4, 25);
  await payJob(stack, restaurant, job);
  const first = expectStatus(await offer(restaurant, job, chef.profileId!), 201).body.offer;
  expect(Date.parse(first.expires_at) - Date.parse(first.created_at)).toBe(OFFER_EXPIRES_AFTER_MS);

  // The deadline itself is the wait.
  await new Promise((r) => setTimeout(r, Date.parse(first.expires_at) - Date.now() + 200));
  expect(await listedOffer(chef, job)).toMatchObject({ id: first.id, status: 'expired' });
  const accepted = await as(chef).post(`/offers/${first.id}/accept`);
  expect([accepted.status, accepted.body.code]).toEqual([409, 'JOBS.OFFER_EXPIRED']);
  expect(expectStatus(await as(restaurant).get(`/jobs/${job.id}`), 200).body.job.status).toBe('open');
  expect(await offersOf(restaurant, job)).toEqual([[chef.id, 'expired']]);

  // Offered again: a new offer, a new text, and this one the chef takes.
  const again = expectStatus(await offer(restaurant, job, chef.id), 201).body.offer;
  expect(again.id).not.toBe(first.id);
  expectStatus(await as(chef).post(`/offers/${again.id}/accept`), 200);
  expect(await offersOf(restaurant, job)).toEqual([
    [chef.id, 'accepted'],
    [chef.id, 'expired'],
  ]);
  expect(expectStatus(await as(restaurant).get(`/jobs/${job.id}`), 200).body.job.status).toBe('filled');
  await eventually(
    async () =>
      expect((await textsTo(chef)).filter((t) => t.includes(' offers you "Line Cook" '))).toHaveLength(2),
    20_000,
  );
}, 60_000);

test('an offer to a suspended chef is a 409 JOBS.CHEF_SUSPENDED, by profile id or user id, and nothing is stored', async () => {
  const [restaurant, chef] = await Promise.all([signUp(stack, 'restaurant'), signUp(stack, 'chef')]);
  const job = await postJob(stack, restaurant, 86_400_000, 4, 25);
  await payJob(stack, restaurant, job);
  const applicationId = await apply(stack, chef, job);

  expectStatus(
    await as(operatorToken).post(`/ops/users/${chef.id}/suspend`, { reason: 'Fake certificates.' }),
    200,
  );
  // Jobs has heard of the suspension once the chef's application is withdrawn (the same event).
  await eventually(async () => {
    const apps = expectStatus(await as(restaurant).get(`/jobs/${job.id}`), 200).body.job.applications;
    expect(apps.find((a: { id: string }) => a.id === applicationId).status).not.toBe('pending');
  }, 20_000);

  for (const chefId of [chef.profileId!, chef.id]) {
    const refused = await offer(restaurant, job, chefId);
    expect([refused.status, refused.body.code]).toEqual([409, 'JOBS.CHEF_SUSPENDED']);
    expect(typeof refused.body.error).toBe('string');
  }
  expect(await offersOf(restaurant, job)).toEqual([]);
  expect(expectStatus(await as(restaurant).get(`/jobs/${job.id}`), 200).body.job.status).toBe('open');
}, 60_000);

test('the offered shift runs to its end: both check out and the chef is paid once, $1.25', async () => {
  const { restaurant, chef, job, applicationId } = offered;
  await untilEnded(job);
  await checkout(stack, chef, applicationId, true);
  await checkout(stack, restaurant, applicationId, true);

  const money = await paymentStatus(stack, restaurant, job.id, 'completed');
  expect(money.ledger).toMatchObject({
    charged_cents: 134,
    transferred_cents: 125,
    fee_cents: 9,
    refunded_cents: 0,
  });
  expect(money.ledger.entries.filter((e: { kind: string }) => e.kind === 'transfer')).toHaveLength(1);
  await eventually(async () => {
    const earnings = expectStatus(await as(chef).get('/payments/earnings'), 200).body;
    expect(earnings).toMatchObject({ paid_out_cents: 125, on_its_way_cents: 0 });
    expect(earnings.shifts.map((s: { job_id: string; status: string }) => [s.job_id, s.status])).toEqual([
      [job.id, 'paid_out'],
    ]);
  }, 20_000);
  // The job page hears of the payout from payments a moment later.
  await eventually(async () => {
    const done = expectStatus(await as(restaurant).get(`/jobs/${job.id}`), 200).body.job;
    expect([done.status, done.payment_status]).toEqual(['completed', 'completed']);
  }, 20_000);
}, 90_000);
