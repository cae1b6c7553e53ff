import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, listen, localKeys } from '@brigade/kit';
import { createGateway } from '../../gateway/src/app';
import { loadGatewayConfig } from '../../gateway/src/config';
import { MemoryRateLimiter } from '../../gateway/src/rate-limit';
import { startEmbedded } from '../../scripts/embedded';
import { loadIdentityConfig } from '../../services/identity/src/config';
import { loadNotificationsConfig } from '../../services/notifications/src/config';
import { randomClientIp, randomPhone, runName, startStack, type Stack } from './support/stack';

// The sandbox providers' pages publish what the real providers keep private: the SMS outbox shows every
// verification code to anyone, the Stripe emulator confirms any card. They belong to the embedded default
// and to an explicit SMS_SANDBOX=1; without Twilio keys a deployment used to fall back to them silently.
// A process now refuses to start without a named SMS provider, production refuses the sandbox unless
// ALLOW_SANDBOX_PROVIDERS=1, and production never serves a sandbox page even then.

const TWILIO_VERIFY = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_VERIFY_SERVICE_SID'];
const TWILIO_TEXTS = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'];
const REAL_MODE = { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/brigade' };

/** The refusal a configuration gets, or null when it loads. */
function refusal(load: (env: NodeJS.ProcessEnv) => unknown, env: NodeJS.ProcessEnv): string | null {
  try {
    load(env);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

test('identity and notifications refuse to start without an SMS provider, naming Twilio keys and SMS_SANDBOX=1', async () => {
  for (const [load, keys] of [
    [loadIdentityConfig, TWILIO_VERIFY],
    [loadNotificationsConfig, TWILIO_TEXTS],
  ] as const) {
    const none = refusal(load, REAL_MODE);
    expect(none).toContain(`${keys[0]}, ${keys[1]} and ${keys[2]}`);
    expect(none).toContain('SMS_SANDBOX=1');
    // Half the keys is a mistake too, not a quiet fall-back to the sandbox.
    expect(refusal(load, { ...REAL_MODE, TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' })).toContain(
      'together',
    );
    expect(refusal(load, { ...REAL_MODE, SMS_SANDBOX: '1' })).toBeNull();
    expect(
      refusal(load, { ...REAL_MODE, TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', [keys[2]]: 'x' }),
    ).toBeNull();
  }
  // The runner in real mode says so before it touches a database (nothing listens on port 1).
  await expect(
    startEmbedded({
      port: 0,
      dataDir: null,
      buildWeb: false,
      env: { ...REAL_MODE, AMQP_URL: '', REDIS_URL: '', SMS_SANDBOX: '', LOG_LEVEL: 'silent' },
    }),
  ).rejects.toThrow(/SMS_SANDBOX=1/);
});

test('NODE_ENV=production refuses the SMS sandbox unless ALLOW_SANDBOX_PROVIDERS=1', () => {
  const production = { NODE_ENV: 'production', SMS_SANDBOX: '1' };
  for (const load of [loadIdentityConfig, loadNotificationsConfig]) {
    expect(refusal(load, production)).toMatch(
      /NODE_ENV=production refuses the sandbox.*ALLOW_SANDBOX_PROVIDERS=1/,
    );
    expect(refusal(load, { ...production, ALLOW_SANDBOX_PROVIDERS: '1' })).toBeNull();
  }
});

describe('production on sandbox providers (allowed)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: '1', SMS_SANDBOX: '1' });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  test('serves no SMS outbox and no Stripe sandbox page, through the gateway or at any service', async () => {
    const phone = randomPhone();
    const password = 'long enough pw';
    const signup = await stack.call('POST', '/api/auth/signup', {
      body: {
        email: `${runName('prod')}@example.com`,
        password,
        confirmPassword: password,
        phone,
        userType: 'chef',
        tosAccepted: true,
      },
      ip: randomClientIp(),
    });
    expect(signup.status).toBe(201); // a code was "texted" into the sandbox: nobody may read it
    const services = stack.brigade.services;
    const paths = [
      `${stack.url}/api/dev/sms`,
      `${stack.url}/api/dev/sms?to=%2B1${phone}`,
      `${stack.url}/dev/sms`,
      `${stack.url}/sandbox/stripe/v1/payment_intents/pi_x/confirm`,
      `${services.identity!.url}/dev/sms`,
      `${services.notifications!.url}/dev/sms`,
      `${services.payments!.url}/sandbox/stripe/v1/payment_intents/pi_x/confirm`,
      `${services.payments!.url}/sandbox/faults/stripe`,
      `${stack.brigade.sandboxes.stripe!.url}/sandbox/stripe/v1/payment_intents/pi_x/confirm`,
      `${stack.brigade.sandboxes.stripe!.url}/sandbox/faults/stripe`,
    ];
    const answers = [];
    for (const url of paths) {
      const res = await fetch(url, { method: url.includes('/confirm') ? 'POST' : 'GET' });
      const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
      answers.push([url.replace(/^http:\/\/[^/]+/, ''), res.status, typeof body?.error]);
    }
    expect(answers).toEqual(paths.map((url) => [url.replace(/^http:\/\/[^/]+/, ''), 404, 'string']));
  });

  test('a production gateway never passes a sandbox page on, even from a service that would serve it', async () => {
    const outbox = http.createServer((_req, res) =>
      res.setHeader('content-type', 'application/json').end(
        JSON.stringify({
          messages: [{ to: '+16125550100', body: 'code 123456', sent_at: new Date().toISOString() }],
        }),
      ),
    );
    await new Promise<void>((r) => outbox.listen(0, '127.0.0.1', r));
    const target = `http://127.0.0.1:${(outbox.address() as AddressInfo).port}`;
    const gateway = await listen(
      createGateway({
        config: loadGatewayConfig({ NODE_ENV: 'production', PORT: '0' }),
        services: { identity: target, notifications: target, payments: target },
        rateLimiter: new MemoryRateLimiter(),
        keys: localKeys({ keys: [] }),
        logger: createLogger('gateway-test', 'silent'),
      }),
    );
    try {
      const answers = [];
      for (const path of ['/api/dev/sms', '/dev/sms', '/sandbox/stripe/onboarding/acct_1']) {
        const res = await fetch(`${gateway.url}${path}`);
        answers.push([path, res.status, ((await res.json()) as any).code]);
      }
      expect(answers).toEqual([
        ['/api/dev/sms', 404, 'GATEWAY.NO_SANDBOX'],
        ['/dev/sms', 404, 'GATEWAY.NO_SANDBOX'],
        ['/sandbox/stripe/onboarding/acct_1', 404, 'GATEWAY.NO_SANDBOX'],
      ]);
    } finally {
      await gateway.close();
      await new Promise((r) => outbox.close(r));
    }
  });
});
