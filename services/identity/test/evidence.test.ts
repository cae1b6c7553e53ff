import { randomUUID } from 'node:crypto';
import { newAccount, PNG_1X1, startIdentity, type Harness } from './harness';

// Issue 38: identity's part of a job's evidence for a card dispute (`GET /ops/jobs/{jobId}/evidence`): the
// restaurant's acceptance of the Terms of Service (version and time, as it accepted them at sign-up) and the
// cancellation policy's words. Identity keeps no job: the restaurant is the one the dispute names
// (`?restaurant_id=`, which jobs checks against the job).

const OPERATOR = { email: 'ops@brigade.test', password: 'operator password 1' };
let h: Harness;
beforeAll(async () => {
  h = await startIdentity({ OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password });
});
afterAll(() => h.close());

const operatorToken = async () =>
  (await h.post('/auth/signin', OPERATOR)).body.session.access_token as string;

/** A restaurant signed up, accepted the terms (version 1.0) and saved its profile, as the web client does. */
async function restaurant(name: string) {
  const signup = await h.post('/auth/signup', newAccount('restaurant'));
  expect(signup.status).toBe(201);
  const token = signup.body.session.access_token as string;
  const terms = await h.post(
    '/agreements/accept',
    { agreementType: 'restaurant_tos', version: '1.0' },
    token,
  );
  expect(terms.status).toBe(201);
  const form = new FormData();
  form.set('name', name);
  form.set('description', 'Seasonal plates');
  form.set('address', '100 N 1st St');
  form.set('city', 'Minneapolis');
  form.set('cuisineTypes', JSON.stringify(['American']));
  form.set('logo', new Blob([PNG_1X1], { type: 'image/png' }), 'logo.png');
  expect((await h.form('/profiles/restaurant', form, token)).status).toBe(200);
  return {
    id: signup.body.user.id as string,
    email: signup.body.user.email as string,
    token,
    acceptedAt: terms.body.agreement.accepted_at as string,
  };
}

type Entry = { section: string; service: string; title: string; text: string; at: string };

test("the restaurant's ToS acceptance (version and time) and the cancellation policy, as refund_policy", async () => {
  const r = await restaurant('North Loop Kitchen');
  const jobId = randomUUID();
  const res = await h.get(`/ops/jobs/${jobId}/evidence?restaurant_id=${r.id}`, await operatorToken());
  expect(res.status).toBe(200);
  expect(res.body.job_id).toBe(jobId);
  const entries = res.body.entries as Entry[];
  expect(entries).toHaveLength(1);
  const [entry] = entries;
  expect(entry).toMatchObject({
    section: 'refund_policy',
    service: 'identity',
    title: 'Terms of Service accepted, and the cancellation policy',
    at: r.acceptedAt,
  });
  expect(entry.text).toMatch(
    new RegExp(
      `^North Loop Kitchen \\(account ${r.email.replace(/\./g, '\\.')}, created .* UTC\\) accepted Brigade's Terms of Service for restaurants, version 1\\.0, on \\w+day, .* UTC\\.`,
    ),
  );
  // the policy's words, with the default policy's figures (LATE_CANCEL_WINDOW 24h)
  expect(entry.text).toContain(
    '- More than 24 hours before the start: the whole charge goes back to your card, and the chef is told.',
  );
  expect(entry.text).toContain('Late cancellation (less than 24 hours before the start): the chef is paid');
  expect(entry.text).toContain('and the rest goes back to your card.');
  expect(entry.text.length).toBeLessThanOrEqual(8000);
});

test('without the restaurant, or for a chef or an unknown user: no part; a bad id 400; operators only', async () => {
  const op = await operatorToken();
  const jobId = randomUUID();
  expect(await h.get(`/ops/jobs/${jobId}/evidence`, op)).toEqual({
    status: 200,
    body: { job_id: jobId, entries: [] },
  });
  const chef = (await h.post('/auth/signup', newAccount('chef'))).body.user.id as string;
  for (const id of [chef, randomUUID()])
    expect((await h.get(`/ops/jobs/${jobId}/evidence?restaurant_id=${id}`, op)).body.entries).toEqual([]);
  expect(await h.get(`/ops/jobs/${jobId}/evidence?restaurant_id=nope`, op)).toMatchObject({ status: 400 });
  expect(await h.get('/ops/jobs/nope/evidence', op)).toMatchObject({
    status: 404,
    body: { code: 'OPS.JOB_NOT_FOUND' },
  });
  const r = await restaurant('Blue Door');
  expect(await h.get(`/ops/jobs/${jobId}/evidence?restaurant_id=${r.id}`, r.token)).toMatchObject({
    status: 403,
    body: { code: 'AUTH.OPERATORS_ONLY' },
  });
  expect((await h.get(`/ops/jobs/${jobId}/evidence`)).status).toBe(401);
});
