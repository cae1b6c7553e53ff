import { eventually } from '@brigade/kit/testing';
import {
  acceptAndConfirm,
  apply,
  checkout,
  expectStatus,
  payJob,
  postJob,
  signUp,
  startStackWithOperator,
  textsSentTo,
  until,
  untilEnded,
  type Account,
  type Operator,
  type PostedJob,
  type Stack,
} from './support/stack';

// Issue 39 through the whole product (gateway, five services, bus; PostgreSQL, RabbitMQ and Redis in real mode):
// a chef appeals a no-show on its record and an operator removes it: the record, the profile, the chef search,
// the applicant card and the instant payout's free rule all stop counting it, and the record says "1 removed on
// appeal"; another appeal is kept and the no-show still counts; both appellants are texted. An appeal after its
// window and one of someone else's mark are refused with nothing stored; only operators decide. The clock moves
// as in the escrow suite: shifts of 31 s, CHECKOUT_DEADLINE 6 s, APPEAL_WINDOW 30 s. The two appeals that are
// decided are filed as soon as their marks show (set-up), so the short window closes only on the third mark,
// which the last test waits out (whatever is left of the window by then).

const APPEAL_WINDOW_MS = 30_000;
let stack: Stack;
let operator: Operator;
let restaurant: Account;

interface NoShow {
  chef: Account;
  job: PostedJob;
  applicationId: string;
  mark: { id: string; appeal_until: string; [k: string]: unknown };
}
let removed: NoShow;
let kept: NoShow;
let late: NoShow;
const REMOVED_STATEMENT = 'I was at the back door at 7 and nobody opened it.';
let filedRemoved: { status: number; body: { mark: { appeal: unknown } } };

const get = async (who: { token: string }, path: string) =>
  expectStatus(await stack.call('GET', `/api${path}`, { token: who.token }), 200).body;
const post = (who: { token: string }, path: string, body: unknown) =>
  stack.call('POST', `/api${path}`, { token: who.token, body });

const marksOf = (who: Account) => get(who, '/reliability/me');
const profileRecord = async (chef: Account) =>
  (await get(restaurant, `/profiles/chef/${chef.profileId}`)).profile.reliability;
const quoteOf = (chef: Account) => get(chef, '/payments/payouts/instant/quote');
const queued = async (markId: string) =>
  (await get(operator, '/ops/appeals')).appeals.find((a: { mark: { id: string } }) => a.mark.id === markId);

/** A shift the restaurant says was not worked and the chef never answers: at the deadline, a no-show. */
async function noShowShift(): Promise<Omit<NoShow, 'mark'>> {
  const chef = await signUp(stack, 'chef');
  const job = await postJob(stack, restaurant, 15_000, 31 / 3600, 75);
  await payJob(stack, restaurant, job);
  const applicationId = await apply(stack, chef, job);
  await acceptAndConfirm(stack, restaurant, chef, applicationId);
  return { chef, job, applicationId };
}

beforeAll(async () => {
  ({ stack, operator } = await startStackWithOperator({
    CHECKOUT_DEADLINE: '6s',
    CHECKOUT_REMINDERS: '4s,2s',
    APPEAL_WINDOW: `${APPEAL_WINDOW_MS / 1000}s`,
    // The free rule is the no-show rule alone here: no worked shift needed.
    INSTANT_PAYOUT_FREE_MIN_SHIFTS: '0',
    JOBS_RULES_POLL_MS: '200',
    NOTIFICATIONS_POLL_MS: '200',
  }));
  restaurant = await signUp(stack, 'restaurant');
  const shifts = await Promise.all([noShowShift(), noShowShift(), noShowShift()]);
  for (const s of shifts) await untilEnded(s.job);
  for (const s of shifts) await checkout(stack, restaurant, s.applicationId, false);
  [removed, kept, late] = await Promise.all(
    shifts.map(async (s) => {
      const { marks } = await eventually(async () => {
        const answer = await marksOf(s.chef);
        expect(answer.marks).toHaveLength(1);
        return answer;
      }, 60_000);
      return { ...s, mark: marks[0] };
    }),
  );
  [filedRemoved] = await Promise.all([
    post(removed.chef, '/reliability/appeals', { mark_id: removed.mark.id, statement: REMOVED_STATEMENT }),
    post(kept.chef, '/reliability/appeals', { mark_id: kept.mark.id, statement: 'My car broke down.' }).then(
      (r) => expectStatus(r, 201),
    ),
  ]);
}, 240_000);
afterAll(() => stack?.close());

test('a no-show removed on appeal counts nowhere: record, profile, search, applicant card, instant payout', async () => {
  const { chef, job, mark } = removed;
  expect(mark).toMatchObject({
    kind: 'no_show',
    job_id: job.id,
    status: 'counts',
    reason: 'checkout_not_worked',
    appeal_refusal: null,
    appeal: null,
  });
  // Filed in the set-up, inside the window: pending until an operator decides.
  expect(filedRemoved.status).toBe(201);
  expect(filedRemoved.body.mark.appeal).toMatchObject({ status: 'pending' });
  // Before the decision: the no-show counts on the profile, the applicant card, and against the free instant payout.
  await eventually(async () => expect(await profileRecord(chef)).toMatchObject({ no_shows: 1 }), 30_000);
  const other = await signUp(stack, 'restaurant');
  const next = await postJob(stack, other, 3 * 3_600_000);
  await payJob(stack, other, next);
  await apply(stack, chef, next);
  const card = async () =>
    (await get(other, `/jobs/${next.id}`)).job.applications[0].chef_profiles.reliability;
  expect(await card()).toMatchObject({ no_shows: 1, removed_on_appeal: 0 });
  await eventually(
    async () =>
      expect(await quoteOf(chef)).toMatchObject({
        fee_missing: ['no_show'],
        record: { no_shows_90_days: 1 },
      }),
    30_000,
  );

  // The operator's queue: the shift's events that led to the mark, and the statement in English.
  const appeal = await queued(mark.id);
  expect(appeal).toMatchObject({
    status: 'pending',
    user: { id: chef.id, type: 'chef' },
    mark: { kind: 'no_show', reason: 'checkout_not_worked' },
    statement_en: REMOVED_STATEMENT,
  });
  expect(appeal.timeline.map((e: { type: string }) => e.type)).toEqual(
    expect.arrayContaining([
      'jobs.job.posted.v1',
      'jobs.application.confirmed.v1',
      'jobs.checkout.recorded.v1',
      'jobs.checkout.deadline_passed.v1',
      'jobs.reliability.recorded.v1',
    ]),
  );
  // Only operators decide.
  for (const who of [chef, restaurant]) {
    const refused = await post(who, `/ops/appeals/${appeal.id}/decide`, { outcome: 'remove', note: 'Mine' });
    expect(refused.status).toBe(403);
  }
  const decided = await post(operator, `/ops/appeals/${appeal.id}/decide`, {
    outcome: 'remove',
    note: 'The back door was locked that night.',
  });
  expect(decided.status).toBe(200);
  expect(decided.body.appeal).toMatchObject({ status: 'removed', decision: { outcome: 'remove' } });

  // After: the record says "1 removed on appeal" and nothing counts the no-show any more.
  const after = await marksOf(chef);
  expect(after.removed_on_appeal).toBe(1);
  expect(after.marks[0]).toMatchObject({ status: 'removed', appeal: { status: 'removed' } });
  expect(await card()).toMatchObject({ no_shows: 0, last_90_days: { no_shows: 0 }, removed_on_appeal: 1 });
  await eventually(async () => {
    expect(await profileRecord(chef)).toMatchObject({
      no_shows: 0,
      last_90_days: { no_shows: 0 },
      removed_on_appeal: 1,
    });
    const search = await get(
      other,
      `/profiles/chefs?skills=${encodeURIComponent('["Grill Cook"]')}&limit=200`,
    );
    const found = search.chefs.find((c: { user_id: string }) => c.user_id === chef.id);
    expect(found.reliability).toMatchObject({ no_shows: 0, removed_on_appeal: 1 });
    expect(await quoteOf(chef)).toMatchObject({
      fee_missing: [],
      free_because: 'reliable_record',
      record: { no_shows_90_days: 0 },
    });
  }, 30_000);
  await eventually(
    async () =>
      expect(await textsSentTo(stack, chef)).toContainEqual(
        expect.stringMatching(
          /your appeal was accepted\. The no-show for .+ is removed from your reliability record/,
        ),
      ),
    30_000,
  );
  const audit = await get(operator, `/ops/audit?job_id=${job.id}`);
  expect(audit.entries).toContainEqual(
    expect.objectContaining({
      action: 'appeal.decide',
      subject_id: chef.id,
      reason: 'The back door was locked that night.',
    }),
  );
}, 180_000);

test('an appeal that is kept: the no-show still counts, and the chef is told', async () => {
  const { chef, mark } = kept;
  const appeal = await queued(mark.id);
  const decided = await post(operator, `/ops/appeals/${appeal.id}/decide`, {
    outcome: 'keep',
    note: 'No word reached the restaurant before the start.',
  });
  expect(decided.body.appeal).toMatchObject({ status: 'kept', mark: { status: 'counts' } });
  const again = await post(operator, `/ops/appeals/${appeal.id}/decide`, {
    outcome: 'remove',
    note: 'Again',
  });
  expect(again).toMatchObject({ status: 409, body: { code: 'JOBS.APPEAL_DECIDED' } });

  const after = await marksOf(chef);
  expect(after.removed_on_appeal).toBe(0);
  expect(after.marks[0]).toMatchObject({
    status: 'counts',
    appeal: { status: 'kept', note: { text: 'No word reached the restaurant before the start.' } },
  });
  await eventually(
    async () =>
      expect(await textsSentTo(stack, chef)).toContainEqual(
        expect.stringMatching(
          /your appeal of the no-show for .+ was reviewed\. It stays on your reliability record/,
        ),
      ),
    30_000,
  );
  expect(await profileRecord(chef)).toMatchObject({ no_shows: 1, removed_on_appeal: 0 });
  expect(await quoteOf(chef)).toMatchObject({ fee_missing: ['no_show'] });
}, 120_000);

test(
  "an appeal of someone else's mark, and one after the window, are refused with nothing stored",
  async () => {
    const { chef, mark } = late;
    const statement = 'I was there.';
    for (const who of [removed.chef, restaurant]) {
      const refused = await post(who, '/reliability/appeals', { mark_id: mark.id, statement });
      expect(refused).toMatchObject({ status: 404, body: { code: 'JOBS.MARK_NOT_FOUND' } });
    }
    const operatorsTry = await post(operator, '/reliability/appeals', { mark_id: mark.id, statement });
    expect(operatorsTry.status).toBe(403);
    // The window closes APPEAL_WINDOW after the mark: the product's clock is moved past it.
    await until(stack, Date.parse(mark.appeal_until) + 800);
    expect((await marksOf(chef)).marks[0].appeal_refusal).toBe('JOBS.APPEAL_WINDOW_CLOSED');
    const tooLate = await post(chef, '/reliability/appeals', { mark_id: mark.id, statement });
    expect(tooLate).toMatchObject({ status: 409, body: { code: 'JOBS.APPEAL_WINDOW_CLOSED' } });

    const after = await marksOf(chef);
    expect(after.marks[0]).toMatchObject({ status: 'counts', appeal: null });
    expect(await queued(mark.id)).toBeUndefined();
    expect(await profileRecord(chef)).toMatchObject({ no_shows: 1 });
  },
  APPEAL_WINDOW_MS + 60_000,
);
