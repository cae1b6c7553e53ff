import { eventually } from '@brigade/kit/testing';
import {
  expectStatus,
  latestCode,
  payJob,
  postJob,
  randomClientIp,
  randomPhone,
  registerAccount,
  runName,
  signUp,
  startStack,
  verifyPhone,
  type Account,
  type Stack,
} from './support/stack';

// A phone number belongs to one account (issue 15, section 3). Before: eight sign-ups with one phone and
// different emails texted it eight times, each sign-up replaced the pending code, one verification verified
// every account on the phone, and an unverified account could post, apply and message.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

const signupOn = (phone: string, type: 'chef' | 'restaurant' = 'chef') =>
  stack.call('POST', '/api/auth/signup', {
    body: {
      email: `phone-${runName('x')}@example.com`,
      password: 'long enough pw',
      confirmPassword: 'long enough pw',
      phone,
      userType: type,
      tosAccepted: true,
    },
    ip: randomClientIp(),
  });

/** The verification texts the sandbox sent to a phone. */
async function codesTextedTo(phone: string) {
  const sms = expectStatus(await stack.call('GET', `/api/dev/sms?to=%2B1${phone}`), 200);
  return sms.body.messages.filter((m: { body: string }) => /verification code/i.test(m.body));
}

const me = async (account: Pick<Account, 'token'>) =>
  expectStatus(await stack.call('GET', '/api/profiles/me', { token: account.token }), 200).body.user;

test('eight sign-ups with one phone, different emails and addresses text that phone at most 5 times in the hour', async () => {
  const phone = randomPhone();
  // All at once: the count is kept in identity's database, one sign-up of a phone at a time.
  const signups = await Promise.all(Array.from({ length: 8 }, () => signupOn(phone)));
  // Every account is created, but the phone received 5 codes, not 8 (the sign-up says when none was sent).
  expect(signups.map((s) => s.status)).toEqual(Array(8).fill(201));
  expect(await codesTextedTo(phone)).toHaveLength(5);
  expect(signups.filter((s) => s.body.code_sent === false)).toHaveLength(3);
  // Asking again, from an account that got no code, is refused with a clear text, and sends nothing.
  const resend = await stack.call('POST', '/api/auth/resend-code', {
    token: signups.find((s) => s.body.code_sent === false)!.body.session.access_token,
    body: { phone },
    ip: randomClientIp(),
  });
  expect(resend).toMatchObject({
    status: 429,
    body: {
      code: 'IDENTITY.TOO_MANY_CODES',
      error: 'Too many codes were sent to this phone number. Please try again in an hour.',
    },
  });
  expect(await codesTextedTo(phone)).toHaveLength(5);
});

test("another account's sign-up on the same phone does not replace A's code, and A's code verifies A only", async () => {
  const phone = randomPhone();
  const a = await registerAccount(stack, 'chef', { phone, verify: false });
  const codeA = await latestCode(stack, phone);
  const b = await registerAccount(stack, 'restaurant', { phone, verify: false });
  const codeB = await latestCode(stack, phone);
  expect(await codesTextedTo(phone)).toHaveLength(2);
  // A's code is not B's: B cannot use it (the codes are bound to the account that asked).
  if (codeA !== codeB) {
    const stolen = await stack.call('POST', '/api/auth/verify-phone', {
      token: b.token,
      body: { phone, code: codeA },
      ip: randomClientIp(),
    });
    expect(stolen).toMatchObject({ status: 400, body: { code: 'IDENTITY.INVALID_CODE' } });
  }
  // A's code still works for A after B's sign-up, and verifies A only.
  await verifyPhone(stack, a, codeA);
  expect((await me(a)).phone_verified).toBe(true);
  expect((await me(b)).phone_verified).toBe(false);
  // B holds a valid code of its own, but the phone now belongs to A.
  const late = await stack.call('POST', '/api/auth/verify-phone', {
    token: b.token,
    body: { phone, code: codeB },
    ip: randomClientIp(),
  });
  expect(late).toMatchObject({ status: 409, body: { code: 'IDENTITY.PHONE_TAKEN' } });
  expect((await me(b)).phone_verified).toBe(false);
});

test('once an account has verified a phone, signing up with it is a 409 with a clear text, in any format', async () => {
  const phone = randomPhone();
  await registerAccount(stack, 'chef', { phone });
  const texted = (await codesTextedTo(phone)).length;
  for (const written of [phone, `+1 (${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`]) {
    const again = await signupOn(written, 'restaurant');
    expect(again).toMatchObject({
      status: 409,
      body: {
        code: 'IDENTITY.PHONE_TAKEN',
        error:
          'This phone number is already verified on another Brigade account. Sign in to that account, or use another number.',
      },
    });
  }
  // No account was created and the owner was not texted again.
  expect((await codesTextedTo(phone)).length).toBe(texted);
});

test('verify-phone and resend-code act only for the signed-in account and its own phone', async () => {
  const account = await registerAccount(stack, 'chef', { verify: false });
  const code = await latestCode(stack, account.phone);
  const other = randomPhone();
  expect(
    await stack.call('POST', '/api/auth/verify-phone', { body: { phone: account.phone, code } }),
  ).toMatchObject({ status: 401, body: { code: 'AUTH.REQUIRED' } });
  expect(await stack.call('POST', '/api/auth/resend-code', { body: { phone: account.phone } })).toMatchObject(
    {
      status: 401,
      body: { code: 'AUTH.REQUIRED' },
    },
  );
  for (const path of ['/api/auth/verify-phone', '/api/auth/resend-code'])
    expect(
      await stack.call('POST', path, {
        token: account.token,
        body: { phone: other, code },
        ip: randomClientIp(),
      }),
    ).toMatchObject({ status: 400, body: { code: 'IDENTITY.NOT_YOUR_PHONE' } });
  expect((await me(account)).phone_verified).toBe(false);
});

test('an unverified account gets 403 on post, apply and message; after verifying, with a fresh token, they work', async () => {
  const restaurant = await signUp(stack, 'restaurant');
  const job = await postJob(stack, restaurant);
  await payJob(stack, restaurant, job);
  const chef = await registerAccount(stack, 'chef', { verify: false });
  const owner = await registerAccount(stack, 'restaurant', { verify: false });
  const shift = {
    title: 'Line Cook',
    startTime: new Date(Date.now() + 86_400_000).toISOString(),
    endTime: new Date(Date.now() + 90_000_000).toISOString(),
    hourlyRate: 25,
    emergencyLevel: 'normal',
  };
  const post = (token: string) => stack.call('POST', '/api/jobs', { token, body: shift });
  const applyTo = (token: string) => stack.call('POST', `/api/jobs/${job.id}/apply`, { token });
  const refused = {
    status: 403,
    body: {
      error: 'Please verify your phone number first. You can get a new code from your dashboard or Settings.',
      code: 'AUTH.PHONE_UNVERIFIED',
    },
  };
  expect(await post(owner.token)).toMatchObject(refused);
  expect(await applyTo(chef.token)).toMatchObject(refused);
  expect(
    await stack.call('POST', `/api/messages/job/${job.id}`, {
      token: chef.token,
      body: { content: 'hello' },
    }),
  ).toMatchObject(refused);
  // Each service checks the token itself (zero trust inside), not only the gateway's route.
  const direct = async (service: 'jobs' | 'messaging', path: string, token: string, body: unknown) => {
    const res = await fetch(`${stack.brigade.services[service]!.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  expect(await direct('jobs', '/jobs', owner.token, shift)).toMatchObject(refused);
  expect(await direct('jobs', `/jobs/${job.id}/apply`, chef.token, {})).toMatchObject(refused);
  expect(
    await direct('messaging', `/messages/job/${job.id}`, chef.token, { content: 'hello' }),
  ).toMatchObject(refused);
  // Nothing was created.
  const owned = await stack.call('GET', '/api/jobs?status=all', { token: owner.token });
  expect(owned.body.jobs).toEqual([]);
  const applications = await stack.call('GET', `/api/applications?jobId=${job.id}`, {
    token: restaurant.token,
  });
  expect(applications.body.applications).toEqual([]);

  // A token issued before the verification still says unverified; the fresh one (refresh) works.
  const [ownerBefore, chefBefore] = [owner.token, chef.token];
  await verifyPhone(stack, owner);
  await verifyPhone(stack, chef);
  expect(await post(ownerBefore)).toMatchObject(refused);
  expect(await applyTo(chefBefore)).toMatchObject(refused);
  expect((await post(owner.token)).status).toBe(201);
  // applying also needs a chef profile (JOBS.PROFILE_REQUIRED until the jobs service has it)
  expect(await applyTo(chef.token)).toMatchObject({ status: 403, body: { code: 'JOBS.PROFILE_REQUIRED' } });
  expectStatus(
    await stack.call('POST', '/api/profiles/chef', {
      token: chef.token,
      body: { name: 'Verified Chef', bio: 'Line', city: 'Detroit', skills: JSON.stringify(['Line Cook']) },
    }),
    200,
  );
  const applied = await eventually(async () => expectStatus(await applyTo(chef.token), 201));
  await eventually(async () =>
    expectStatus(
      await stack.call('POST', `/api/messages/application/${applied.body.application.id}`, {
        token: chef.token,
        body: { message: 'On my way' },
      }),
      201,
    ),
  );
  expect((await me(chef)).phone_verified).toBe(true);
});
