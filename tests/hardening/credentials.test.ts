import { readdirSync } from 'node:fs';
import { credentialEndsAt } from '@brigade/contracts';
import { eventually } from '@brigade/kit/testing';
import { addCredential, CARD_PHOTO, dayIn, PROGRAM, verifiedCredential } from './support/credentials';
import { changedTables, settledSnapshot } from './support/snapshot';
import {
  expectStatus,
  payJob,
  postJob,
  signUp,
  startStackWithOperator,
  textsSentTo,
  type Account,
  type Operator,
  type Reply,
  type Stack,
} from './support/stack';

// Issue 39 through the whole product (gateway, five services, bus; PostgreSQL, RabbitMQ and Redis in real mode):
// a chef uploads a photo of a food-handler card, an operator reads it through its signed URL and verifies it,
// and a shift that requires it lets that chef in while a chef without one sees the shift but is refused at
// every door (apply, book now, an offer, standby: 403 JOBS.CREDENTIAL_REQUIRED). A credential stops counting
// the day it expires (identity's and jobs' clock moved to 00:00 of that day in the chef's city, Detroit), and
// bad uploads are refused with a code and nothing stored. INSTANT_BOOK_MIN_SHIFTS is 0 (anyone may book now).

const DAY = 86_400_000;
let stack: Stack;
let operator: Operator;
let offset = 0;
const now = () => new Date(Date.now() + offset);

beforeAll(async () => {
  ({ stack, operator } = await startStackWithOperator(
    { INSTANT_BOOK_MIN_SHIFTS: '0', CREDENTIAL_SWEEP_POLL_MS: '200', NOTIFICATIONS_POLL_MS: '200' },
    { now },
  ));
}, 120_000);
afterAll(() => stack?.close());
afterEach(() => {
  offset = 0;
});

const call = (who: { token: string }, method: string, path: string, body?: unknown) =>
  stack.call(method, `/api${path}`, { token: who.token, body });
const REFUSED = { status: 403, code: 'JOBS.CREDENTIAL_REQUIRED', missing: ['food_handler'] };
const refusal = (reply: Reply) => ({
  status: reply.status,
  code: reply.body?.code,
  missing: reply.body?.missing,
});

/** Retried while jobs has not heard identity's decision yet (its read model follows the bus). */
const once = (make: () => Promise<Reply>, status: number) =>
  eventually(async () => expectStatus(await make(), status), 30_000);

const textOf = async (who: Account, pattern: RegExp) =>
  eventually(async () => {
    const found = (await textsSentTo(stack, who)).find((t) => pattern.test(t));
    if (!found) throw new Error(`no text like ${pattern}`);
    return found;
  }, 30_000);

test('bad uploads are refused with a clear 4xx and a code, and nothing is stored', async () => {
  const chef = await signUp(stack, 'chef');
  const before = await settledSnapshot(stack);
  const files = readdirSync(stack.env.CREDENTIAL_FILES_DIR, { recursive: true }).length;
  const cases: Array<[string, Promise<Reply>, number, string]> = [
    [
      'a 6 MB file',
      addCredential(
        stack,
        chef,
        {},
        { bytes: Buffer.concat([CARD_PHOTO, Buffer.alloc(6_000_000)]), name: 'card.jpg', type: 'image/jpeg' },
      ),
      413,
      'IDENTITY.CREDENTIAL_FILE_TOO_LARGE',
    ],
    [
      'an .exe renamed .pdf',
      addCredential(stack, chef, {}, { bytes: PROGRAM, name: 'card.pdf', type: 'application/pdf' }),
      415,
      'IDENTITY.CREDENTIAL_FILE_TYPE',
    ],
    [
      'an expiry date in the past',
      addCredential(stack, chef, { expires_on: dayIn(-1) }),
      400,
      'IDENTITY.CREDENTIAL_EXPIRED_DATE',
    ],
    [
      'a type not in the list',
      addCredential(stack, chef, { type: 'forklift' }),
      400,
      'IDENTITY.CREDENTIAL_TYPE',
    ],
  ];
  const answers = [];
  for (const [name, reply] of cases) {
    const r = await reply;
    answers.push([name, r.status, r.body?.code, typeof r.body?.error]);
  }
  expect(answers).toEqual(cases.map(([name, , status, code]) => [name, status, code, 'string']));
  expect(changedTables(before, await settledSnapshot(stack))).toEqual([]);
  expect(readdirSync(stack.env.CREDENTIAL_FILES_DIR, { recursive: true }).length).toBe(files);
  expect(expectStatus(await call(chef, 'GET', '/credentials'), 200).body.credentials).toEqual([]);
});

test('verified by an operator, required by a shift: the chef with it is let in, the chef without it refused', async () => {
  const [restaurant, ana, ben] = await Promise.all([
    signUp(stack, 'restaurant'),
    signUp(stack, 'chef'),
    signUp(stack, 'chef'),
  ]);
  // Ana's card: pending, in the operator's queue, its file read through the signed URL, then verified
  const added = expectStatus(
    await addCredential(stack, ana, { number: 'FH-7781', issuer: 'Wayne County' }),
    201,
  ).body.credential;
  expect(added).toMatchObject({ status: 'pending', type: 'food_handler', file_type: 'image/jpeg' });
  const queue = expectStatus(await call(operator, 'GET', '/ops/credentials?status=pending'), 200).body;
  const queued = queue.credentials.find((c: any) => c.id === added.id);
  expect(queued).toMatchObject({ chef_id: ana.id, number: 'FH-7781', issuer: 'Wayne County' });
  const file = await fetch(`${stack.url}${queued.file_url}`);
  expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  expect(Buffer.from(await file.arrayBuffer()).equals(CARD_PHOTO)).toBe(true);
  expect(
    expectStatus(await call(operator, 'POST', `/ops/credentials/${added.id}/verify`), 200).body.credential
      .status,
  ).toBe('verified');
  expect(await textOf(ana, /was verified/)).toContain('/credentials');
  const profile = (who: Account) => call(restaurant, 'GET', `/profiles/chef/${who.profileId}`);
  expect(expectStatus(await profile(ana), 200).body.profile.verified_credentials).toEqual(['food_handler']);
  expect(expectStatus(await profile(ben), 200).body.profile.verified_credentials).toEqual([]);

  // A shift that requires it
  const job = await postJob(stack, restaurant, 2 * DAY, 8, 25, {
    required_credentials: ['food_handler'],
    instant_book: true,
    headcount: 2,
  });
  await payJob(stack, restaurant, job);
  const page = expectStatus(await call(ben, 'GET', `/jobs/${job.id}`), 200).body.job;
  expect(page).toMatchObject({
    required_credentials: ['food_handler'],
    missing_credentials: ['food_handler'],
  });
  expect(refusal(await call(ben, 'POST', `/jobs/${job.id}/apply`))).toEqual(REFUSED);
  expect(refusal(await call(ben, 'POST', `/jobs/${job.id}/book`))).toEqual(REFUSED);
  expect(refusal(await call(ben, 'POST', `/jobs/${job.id}/standby`))).toEqual(REFUSED);
  expect(refusal(await call(restaurant, 'POST', `/jobs/${job.id}/offers`, { chef_id: ben.id }))).toEqual(
    REFUSED,
  );

  await once(() => call(ana, 'POST', `/jobs/${job.id}/apply`), 201);
  const owner = expectStatus(await call(restaurant, 'GET', `/jobs/${job.id}`), 200).body.job;
  expect(owner.applications.map((a: any) => [a.chef_id, a.chef_profiles.verified_credentials])).toEqual([
    [ana.id, ['food_handler']],
  ]);

  // Ben's card verified, an offer made, then the card revoked: taking the offer is refused
  const bens = await verifiedCredential(stack, ben, operator);
  const offer = (
    await once(() => call(restaurant, 'POST', `/jobs/${job.id}/offers`, { chef_id: ben.id }), 201)
  ).body.offer;
  expectStatus(
    await call(operator, 'POST', `/ops/credentials/${bens}/revoke`, {
      reason: 'The county cancelled this card',
    }),
    200,
  );
  expect(await textOf(ben, /no longer verified/)).toContain('The county cancelled this card');
  await eventually(async () =>
    expect(refusal(await call(ben, 'POST', `/offers/${offer.id}/accept`))).toEqual(REFUSED),
  );
  expect(expectStatus(await profile(ben), 200).body.profile.verified_credentials).toEqual([]);
});

test("an expiry stops applications: from 00:00 of its day in the chef's city the card counts nowhere", async () => {
  const [restaurant, cleo] = await Promise.all([signUp(stack, 'restaurant'), signUp(stack, 'chef')]);
  const tomorrow = dayIn(1);
  await verifiedCredential(stack, cleo, operator, { expires_on: tomorrow });
  // within CREDENTIAL_EXPIRY_NOTICE (30 days) already: the chef is told once, with the date
  expect(await textOf(cleo, /expires on/)).toContain('food handler card');
  const [first, second] = [
    await postJob(stack, restaurant, 3 * DAY, 8, 25, { required_credentials: ['food_handler'] }),
    await postJob(stack, restaurant, 4 * DAY, 8, 25, { required_credentials: ['food_handler'] }),
  ];
  await payJob(stack, restaurant, first);
  await payJob(stack, restaurant, second);
  await once(() => call(cleo, 'POST', `/jobs/${first.id}/apply`), 201);

  offset = credentialEndsAt(tomorrow, 'America/Detroit').getTime() - Date.now();
  expect(refusal(await call(cleo, 'POST', `/jobs/${second.id}/apply`))).toEqual(REFUSED);
  expect(
    expectStatus(await call(cleo, 'GET', `/jobs/${second.id}`), 200).body.job.missing_credentials,
  ).toEqual(['food_handler']);
  const mine = expectStatus(await call(cleo, 'GET', '/credentials'), 200).body.credentials;
  expect(mine.map((c: any) => c.status)).toEqual(['expired']);
  const seen = expectStatus(await call(restaurant, 'GET', `/profiles/chef/${cleo.profileId}`), 200).body
    .profile;
  expect(seen.verified_credentials).toEqual([]);
});
