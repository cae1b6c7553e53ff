import { createLogger, listen, localKeys } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { createGateway } from '../../gateway/src/app';
import { loadGatewayConfig } from '../../gateway/src/config';
import { MemoryRateLimiter } from '../../gateway/src/rate-limit';
import {
  apply,
  expectStatus,
  payJob,
  postJob,
  signUp,
  startEscrow,
  startStack,
  type Account,
  type Stack,
} from './support/stack';
import { expectLedgerGreen } from './support/ledger';
import { changedTables, settledSnapshot } from './support/snapshot';
import { deliverWebhook, signWebhook, stripeEvent, webhookEnv } from './support/webhooks';

// Stripe webhooks through the gateway (unsigned, wrongly signed, altered, stale, replayed, out of order),
// hostile uploads, script and SQL in stored text, and the gateway's security headers.

let stack: Stack;
let chef: Account;
let restaurant: Account;
const WEBHOOKS = webhookEnv();

beforeAll(async () => {
  stack = await startStack(WEBHOOKS);
  [chef, restaurant] = await Promise.all([signUp(stack, 'chef'), signUp(stack, 'restaurant')]);
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

// ---------------- webhooks ----------------
// What a validly signed but unmatched event does is in escrow-webhooks.test.ts; here: the signature itself.
function intentEvent(
  type: string,
  intentId: string,
  jobId: string,
  amount: number,
  id: string,
  created: number,
) {
  const failed = type === 'payment_intent.payment_failed';
  return stripeEvent(
    type,
    {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: failed ? 0 : amount,
      currency: 'usd',
      status: failed ? 'requires_payment_method' : 'succeeded',
      latest_charge: `ch_hardening_${id}`,
      last_payment_error: failed
        ? {
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            charge: `ch_hardening_${id}`,
          }
        : null,
      metadata: { job_id: jobId },
    },
    { id, created },
  );
}

const deliver = (payload: string, signature?: string) => deliverWebhook(stack, payload, signature);
const sign = (payload: string, secret = WEBHOOKS.STRIPE_WEBHOOK_SECRET, timestamp?: number) =>
  signWebhook(payload, secret, timestamp);

async function jobWithIntent() {
  const job = await postJob(stack, restaurant);
  const intent = await startEscrow(stack, restaurant, job.id);
  return { job, intentId: intent.body.payment_intent_id as string };
}
const jobStatus = async (jobId: string) =>
  (await stack.call('GET', `/api/jobs/${jobId}`, { token: restaurant.token })).body.job;

test('unsigned, wrongly signed, altered and stale Stripe webhooks are refused through the gateway and change nothing', async () => {
  const { job, intentId } = await jobWithIntent();
  const before = await settledSnapshot(stack);
  const now = Math.floor(Date.now() / 1000);
  const payload = intentEvent(
    'payment_intent.succeeded',
    intentId,
    job.id,
    job.totalCents,
    `evt_h_${now}a`,
    now,
  );
  const replies = [
    await deliver(payload),
    await deliver(payload, sign(payload, 'whsec_attacker')),
    // The constant the sandbox secret used to be, in the public source: worth nothing now.
    await deliver(payload, sign(payload, 'whsec_brigade_sandbox_0123456789abcdef')),
    await deliver(payload, 't=1,v1=deadbeef'),
    await deliver(payload.replace(String(job.totalCents), '1'), sign(payload)),
    await deliver(payload, sign(payload, WEBHOOKS.STRIPE_WEBHOOK_SECRET, now - 3600)),
  ];
  expect(replies.map((r) => [r.status, r.body.code])).toEqual(Array(6).fill([400, 'PAYMENTS.BAD_SIGNATURE']));
  expect(changedTables(before, await settledSnapshot(stack))).toEqual([]);
  expect((await jobStatus(job.id)).payment_status).toBe('pending');
});

test('a genuine webhook replayed three times is acted on once, and a late failure cannot undo a success', async () => {
  const job = await postJob(stack, restaurant);
  await payJob(stack, restaurant, job);
  const { payment_intent_id: intentId } = (
    await stack.call('GET', `/api/payments/job/${job.id}`, { token: restaurant.token })
  ).body;
  const now = Math.floor(Date.now() / 1000);
  const succeeded = intentEvent(
    'payment_intent.succeeded',
    intentId,
    job.id,
    job.totalCents,
    `evt_h_${now}s`,
    now,
  );
  for (let i = 0; i < 3; i++)
    expect((await deliver(succeeded, sign(succeeded))).body).toEqual({ received: true });
  // Out of order: a failure Stripe created before the success arrives after it.
  const failed = intentEvent(
    'payment_intent.payment_failed',
    intentId,
    job.id,
    job.totalCents,
    `evt_h_${now}f`,
    now - 60,
  );
  expect((await deliver(failed, sign(failed))).status).toBe(200);
  await new Promise((r) => setTimeout(r, 500));
  const after = await jobStatus(job.id);
  expect([after.status, after.payment_status]).toEqual(['open', 'held_in_escrow']);
  const payment = await stack.call('GET', `/api/payments/job/${job.id}`, { token: restaurant.token });
  expect(payment.body.ledger.charged_cents).toBe(job.totalCents);
  await expectLedgerGreen(stack);
});

// ---------------- uploads ----------------
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// A real 1x1 PNG.
const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

async function uploadLogo(bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.set('name', 'Upload Diner');
  form.set('logo', new Blob([new Uint8Array(bytes)], { type }), name);
  return stack.call('POST', '/api/profiles/restaurant', { token: restaurant.token, raw: form });
}

test('hostile uploads are refused: text dressed as a PNG, 5 MB + 1 byte, zero bytes, an image/script polyglot', async () => {
  const before = await settledSnapshot(stack);
  const cases: Array<[string, Buffer, string, string]> = [
    ['html named logo.png', Buffer.from('<html><script>alert(1)</script></html>'), 'logo.png', 'image/png'],
    [
      '5 MB + 1 byte',
      Buffer.concat([PNG_SIGNATURE, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG_SIGNATURE.length)]),
      'big.png',
      'image/png',
    ],
    ['zero bytes', Buffer.alloc(0), 'empty.png', 'image/png'],
    [
      'PNG header + script',
      Buffer.concat([TINY_PNG, Buffer.from('<script>alert(document.cookie)</script>')]),
      'poly.png',
      'image/png',
    ],
    [
      'GIF/JS polyglot',
      Buffer.from('GIF89a/*\x00\x00*/=1;alert(1);//<svg onload=alert(1)>'),
      'poly.gif',
      'image/gif',
    ],
    [
      'SVG with script',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'logo.svg',
      'image/svg+xml',
    ],
  ];
  const answers = [];
  for (const [label, bytes, name, type] of cases) {
    const reply = await uploadLogo(bytes, name, type);
    answers.push([label, reply.status, reply.body?.error]);
  }
  expect(answers).toEqual([
    ['html named logo.png', 400, 'Please upload an image file'],
    ['5 MB + 1 byte', 400, 'Logo file must be smaller than 5MB'],
    ['zero bytes', 400, 'Please upload an image file'],
    ['PNG header + script', 400, 'Please upload an image file'],
    ['GIF/JS polyglot', 400, 'Please upload an image file'],
    ['SVG with script', 400, 'Please upload an image file'],
  ]);
  expect(changedTables(before, await settledSnapshot(stack))).toEqual([]);
  // A genuine image is accepted and served so that a browser never runs it.
  const ok = await uploadLogo(TINY_PNG, 'logo.png', 'image/png');
  expect(ok.status).toBe(200);
  const served = await fetch(`${stack.url}${ok.body.profile.logo_url}`);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(served.headers.get('content-security-policy')).toContain('sandbox');
});

// ---------------- script and SQL in stored text ----------------
test('messages and fields carrying script, HTML and SQL are stored and returned as plain text, harmlessly', async () => {
  const job = await postJob(stack, restaurant);
  await payJob(stack, restaurant, job);
  const applicationId = await apply(stack, chef, job);
  const hostile = [
    `<script>alert('x')</script><img src=x onerror=alert(1)>`,
    `'); DROP TABLE messaging.messages; --`,
    `Robert'); DELETE FROM jobs.jobs WHERE ('1'='1`,
    `" OR ""="`,
    `\\'; SELECT pg_sleep(10); --`,
  ];
  await eventually(async () =>
    expectStatus(
      await stack.call('GET', `/api/messages/application/${applicationId}`, { token: chef.token }),
      200,
    ),
  );
  for (const text of hostile)
    expectStatus(
      await stack.call('POST', `/api/messages/application/${applicationId}`, {
        token: chef.token,
        body: { message: text },
      }),
      201,
    );
  const thread = await stack.call('GET', `/api/messages/application/${applicationId}`, {
    token: restaurant.token,
  });
  expect(thread.headers.get('content-type')).toMatch(/^application\/json/);
  expect(thread.body.messages.map((m: any) => m.original_content)).toEqual(hostile);
  // SQL metacharacters in a profile name, a job description, search filters and ids: stored verbatim, no effect.
  const name = `O'Brien"; DROP TABLE identity.users; --`;
  expect(
    (await stack.call('POST', '/api/profiles/chef', { token: chef.token, body: { name } })).body.profile.name,
  ).toBe(name);
  const search = await stack.call(
    'GET',
    `/api/profiles/chefs?skills=${encodeURIComponent(JSON.stringify(["' OR 1=1 --"]))}`,
    { token: restaurant.token },
  );
  expect(search).toMatchObject({ status: 200, body: { chefs: [] } });
  const jobs = await stack.call('GET', `/api/jobs?skills=${encodeURIComponent("x' OR '1'='1")}&status=all`, {
    token: restaurant.token,
  });
  expect(jobs.status).toBe(200);
  expect(jobs.body.jobs).toEqual([]);
  expect(
    (await stack.call('GET', `/api/jobs/${encodeURIComponent("1' OR '1'='1")}`, { token: restaurant.token }))
      .status,
  ).toBe(404);
  // Everything still there.
  expect((await stack.call('GET', '/api/profiles/me', { token: chef.token })).status).toBe(200);
  expect((await stack.call('GET', `/api/jobs/${job.id}`, { token: restaurant.token })).status).toBe(200);
});

// ---------------- headers ----------------
test('the gateway sends a same-origin Content-Security-Policy, no x-powered-by, and no HSTS outside production', async () => {
  for (const path of ['/', '/api/payments/config', '/api/profiles/me', '/api/nowhere']) {
    const res = await fetch(`${stack.url}${path}`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/stripe|unsafe-eval|\*/);
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  }
});

test("in production the gateway adds HSTS, and allows Stripe's origins only when real Stripe keys are configured", async () => {
  const start = async (env: Record<string, string>) => {
    const config = loadGatewayConfig({ NODE_ENV: 'production', PORT: '0', ...env });
    const app = createGateway({
      config,
      services: {},
      rateLimiter: new MemoryRateLimiter(),
      keys: localKeys({ keys: [] }),
      logger: createLogger('gateway-test', 'silent'),
    });
    return listen(app);
  };
  const plain = await start({});
  const withStripe = await start({ STRIPE_PUBLISHABLE_KEY: 'pk_live_hardening' });
  try {
    const a = await fetch(`${plain.url}/health`);
    expect(a.headers.get('strict-transport-security')).toMatch(/max-age=31536000; includeSubDomains/);
    expect(a.headers.get('content-security-policy')).not.toContain('stripe');
    expect(a.headers.get('x-powered-by')).toBeNull();
    const b = await fetch(`${withStripe.url}/health`);
    const csp = b.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    // A service's own answers never say what they run on either.
    const direct = await fetch(`${stack.brigade.services.jobs!.url}/health`);
    expect(direct.headers.get('x-powered-by')).toBeNull();
  } finally {
    await plain.close();
    await withStripe.close();
  }
});
