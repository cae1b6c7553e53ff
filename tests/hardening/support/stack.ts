import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MovableClock } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { startEmbedded, type Embedded } from '../../../scripts/embedded';
import { MIGRATION_FOLDERS, prepareDatabases, releaseDatabases, type SchemaName } from './databases';
import { request } from './http-client';
import { deleteRunStamps } from './run-stamps';

/**
 * The whole product for a hardening suite: every service and the gateway in this process (startEmbedded),
 * on PGlite + the in-process bus, or on the real PostgreSQL / RabbitMQ / Redis when DATABASE_URL, AMQP_URL
 * and REDIS_URL are set (fresh database base name and bus namespace per run, dropped by `close`).
 * Everything goes through the gateway's public API, as a browser would.
 */

/**
 * Connections each service of a test stack keeps to PostgreSQL in real mode (DATABASE_POOL_SIZE): the suites run
 * side by side on one server with 100 connections by default, and a stack is 7 pools (5 services, 2 sandboxes),
 * the instances suite 12.
 */
export const TEST_POOL_SIZE = '4';

export const realServers = () =>
  Boolean(process.env.DATABASE_URL && process.env.AMQP_URL && process.env.REDIS_URL);

export function runName(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
}

/** A public-looking client address per run: the gateway trusts X-Forwarded-For from loopback (see docs/reliability.md). */
export function randomClientIp() {
  return `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export interface Reply {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Send this exact body text/bytes (with the given content-type header) instead of JSON. */
  raw?: string | Buffer | FormData;
  ip?: string;
}

/** The product's clock as a suite moves it: in this process (`MovableClock`) or in a child stack's. */
export type ProductClock = Pick<MovableClock, 'now' | 'moveTo'>;

/**
 * What the flow helpers need: the public API of a stack, in this process or in a child, and the product's clock
 * when the suite can move it (the in-process stack and run-stack.ts's child; a stack of processes keeps the wall
 * clock).
 */
export type Api = Pick<Stack, 'call' | 'url'> & { clock?: ProductClock };

export interface Stack {
  brigade: Embedded;
  /**
   * The clock every service's rules read (ADR 41): `untilStarted`, `untilEnded` and the suites' windows move it
   * instead of waiting. Absent when the suite brought its own `now`.
   */
  clock?: MovableClock;
  /** The environment the stack was started with (BUS_NAMESPACE, DATABASE_URL in real mode). */
  env: Record<string, string>;
  url: string;
  ip: string;
  mode: 'embedded' | 'real';
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  close(): Promise<void>;
}

export async function startStack(
  extraEnv: Record<string, string> = {},
  /** `now`: the product's clock, moved by the suite its own way (issue 39: a credential's expiry day) */
  options: { now?: () => Date } = {},
): Promise<Stack> {
  const real = realServers();
  const clock = options.now ? undefined : new MovableClock();
  const env: Record<string, string> = real
    ? (() => {
        const base = new URL(process.env.DATABASE_URL!);
        base.pathname = `/${runName('hard')}`;
        return {
          DATABASE_URL: base.toString(),
          BUS_NAMESPACE: runName('hard'),
          EVENT_RETRY_DELAYS_MS: '100,200',
          // Real mode names its SMS provider; the suites read codes from the sandbox's outbox.
          SMS_SANDBOX: '1',
          // and its mail: the mail sandbox (issue 40), read at /api/dev/mail
          MAIL_SANDBOX: '1',
          // and its pushes: the push sandbox (issue 40), read at /api/dev/push
          PUSH_SANDBOX: '1',
          DATABASE_POOL_SIZE: TEST_POOL_SIZE,
        };
      })()
    : { DATABASE_URL: '', AMQP_URL: '', REDIS_URL: '', EVENT_RETRY_DELAYS_MS: '50,100' };
  // Issue 39: credentials' files on disk in a folder of this run's (removed with the stack), not the repository's.
  const files = mkdtempSync(path.join(tmpdir(), 'brigade-hardening-files-'));
  // Real mode: every database copied from a migrated template first (a suite's own DATABASE_URL too).
  const databaseUrl = extraEnv.DATABASE_URL ?? env.DATABASE_URL;
  const schemas = Object.keys(MIGRATION_FOLDERS) as SchemaName[];
  if (real && databaseUrl) await prepareDatabases(databaseUrl, schemas);
  const brigade = await startEmbedded({
    port: 0,
    dataDir: null,
    buildWeb: false,
    now: options.now ?? clock!.now,
    env: {
      // The suites attack the doors, not the translator: no translation unless a suite names one (the
      // embedded default would find a local apertium by itself).
      TRANSLATION_PROVIDER: 'none',
      ARGON2_MEMORY_KIB: '4096',
      // Suites post shifts of seconds to reach their start and end quickly (issue 35's minimum, shortened).
      MIN_SHIFT_DURATION: '1s',
      MONEY_TASK_RETRY_DELAYS_MS: '100,200,400',
      SANDBOX_WEBHOOK_RETRY_DELAYS_MS: '100,200,400,800',
      CREDENTIAL_FILES_DIR: files,
      ...env,
      ...extraEnv,
    },
  });
  const ip = randomClientIp();
  const url = brigade.url;
  const call = apiCall(url, ip);
  return {
    brigade,
    clock,
    env: { MIN_SHIFT_DURATION: '1s', CREDENTIAL_FILES_DIR: files, ...env, ...extraEnv },
    url,
    ip,
    mode: real ? 'real' : 'embedded',
    call,
    close: async () => {
      await (real ? brigade.destroy({ keepDatabases: true }) : brigade.stop());
      // every database of the run, parked for the next suite (or dropped when it cannot be put back as it was)
      if (real && databaseUrl) await releaseDatabases(databaseUrl, schemas);
      // the lists' version stamps the run left in the shared Redis
      if (real && env.BUS_NAMESPACE) await deleteRunStamps(env.BUS_NAMESPACE).catch(() => undefined);
      rmSync(files, { recursive: true, force: true });
    },
  };
}

export interface Operator {
  email: string;
  password: string;
  id: string;
  token: string;
}

/**
 * The whole product (`startStack`) with its operator account (OPERATOR_EMAIL, OPERATOR_PASSWORD: an admin) signed
 * in through the normal sign-in, as the console signs in.
 */
export async function startStackWithOperator(
  extraEnv: Record<string, string> = {},
  options: { now?: () => Date } = {},
): Promise<{ stack: Stack; operator: Operator }> {
  const name = runName('ops');
  const credentials = { email: `${name}@brigade.test`, password: `operator-password-${name}` };
  const stack = await startStack(
    {
      OPERATOR_EMAIL: credentials.email,
      OPERATOR_PASSWORD: credentials.password,
      ...extraEnv,
    },
    options,
  );
  const signin = expectStatus(
    await stack.call('POST', '/api/auth/signin', { body: credentials, ip: randomClientIp() }),
    200,
  );
  if (signin.body.user.user_type !== 'operator')
    throw new Error(`signed in as ${signin.body.user.user_type}, not an operator`);
  const token: string = signin.body.session.access_token;
  const id: string = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
  return { stack, operator: { ...credentials, id, token } };
}

/** HTTP to a stack's gateway (JSON by default; raw bodies; a client address per call). */
export function apiCall(url: string, ip: string = randomClientIp()): Stack['call'] {
  return async (method: string, path: string, o: CallOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = { 'x-forwarded-for': o.ip ?? ip, ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | Buffer | FormData | undefined;
    if (o.raw !== undefined) body = o.raw;
    else if (o.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(o.body);
    }
    const res = await request(`${url}${path}`, method, headers, body);
    const text = res.text;
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  };
}

export interface Account {
  id: string;
  type: 'chef' | 'restaurant';
  email: string;
  phone: string;
  password: string;
  token: string;
  refresh: string;
  profileId?: string;
}

export function randomPhone() {
  return `612${randomInt(200, 1000)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

/** The newest verification code texted to a phone (sandbox SMS outbox). */
export async function latestCode(stack: Api, phone: string): Promise<string> {
  return eventually(async () => {
    const sms = await stack.call('GET', '/api/dev/sms');
    const text = sms.body.messages.find((m: any) => m.to === `+1${phone}`);
    const m = /(\d{6})/.exec(text?.body ?? '');
    if (!m) throw new Error(`no code texted to ${phone}`);
    return m[1];
  });
}

/**
 * Sign up, verify the phone (with `code` when the SMS provider is a stand-in with a fixed code, else the code
 * texted to the sandbox outbox; not with `verify: false`) and accept the terms.
 */
export async function registerAccount(
  stack: Api,
  type: 'chef' | 'restaurant',
  options: {
    email?: string;
    password?: string;
    code?: string;
    phone?: string;
    verify?: boolean;
    /** the account's language, as the sign-up form sends the page's */
    language?: 'en' | 'es';
  } = {},
): Promise<Account> {
  const email = options.email ?? `${type}-${runName('u')}@example.com`;
  const password = options.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const phone = options.phone ?? randomPhone();
  const signup = await stack.call('POST', '/api/auth/signup', {
    body: {
      email,
      password,
      confirmPassword: password,
      phone,
      userType: type,
      tosAccepted: true,
      ...(options.language ? { languagePreference: options.language } : {}),
    },
    ip: randomClientIp(),
  });
  if (signup.status !== 201) throw new Error(`signup ${signup.status}: ${signup.text}`);
  const account: Account = {
    id: signup.body.user.id,
    type,
    email,
    phone,
    password,
    token: signup.body.session.access_token,
    refresh: signup.body.session.refresh_token,
  };
  if (options.verify !== false) await verifyPhone(stack, account, options.code);
  expectStatus(
    await stack.call('POST', '/api/agreements/accept', {
      token: account.token,
      body: { agreementType: type === 'chef' ? 'worker_tos' : 'restaurant_tos', version: '1.0' },
    }),
    201,
  );
  return account;
}

/**
 * The account verifies its phone (signed in, with the newest code texted to it unless `code` is given), then
 * takes a fresh session: access tokens say whether the phone was verified when they were issued.
 */
export async function verifyPhone(stack: Api, account: Account, code?: string) {
  expectStatus(
    await stack.call('POST', '/api/auth/verify-phone', {
      token: account.token,
      body: { phone: account.phone, code: code ?? (await latestCode(stack, account.phone)) },
      ip: randomClientIp(),
    }),
    200,
  );
  return refreshSession(stack, account);
}

/** Rotate the account's refresh token: a new access token that carries what changed since. */
export async function refreshSession(stack: Api, account: Account) {
  const refreshed = expectStatus(
    await stack.call('POST', '/api/auth/refresh', { body: { refresh_token: account.refresh } }),
    200,
  );
  account.token = refreshed.body.session.access_token;
  account.refresh = refreshed.body.session.refresh_token;
  return account;
}

/** Every day, all day: the weekly availability of the suites' chefs. */
const ANY_HOUR = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
    day,
    { available: true, start: '00:00', end: '23:59' },
  ]),
);

/** A registered account with its profile (and for chefs, a payout account unless `payouts: false`). */
export async function signUp(
  stack: Api,
  type: 'chef' | 'restaurant',
  options: { payouts?: boolean; email?: string; password?: string } = {},
): Promise<Account> {
  const account = await registerAccount(stack, type, options);
  const { email } = account;
  const profile =
    type === 'chef'
      ? {
          name: `Chef ${email.slice(0, 12)}`,
          bio: 'Grill and prep',
          city: 'Detroit',
          skills: JSON.stringify(['Grill Cook', 'Line Cook']),
          // Free at any hour (issue 37 texts only chefs available then): a suite's texts do not hang on the clock.
          availability: JSON.stringify(ANY_HOUR),
        }
      : {
          name: `Diner ${email.slice(0, 12)}`,
          description: 'Diner',
          address: '1 Main St',
          city: 'Detroit',
          cuisineTypes: JSON.stringify(['American']),
        };
  const saved = expectStatus(
    await stack.call('POST', `/api/profiles/${type}`, { token: account.token, body: profile }),
    200,
  );
  account.profileId = saved.body.profile.id;
  if (type === 'chef' && options.payouts !== false) await onboardPayouts(stack, account);
  return account;
}

/** A Stripe Express account with payouts enabled (through the sandbox's hosted onboarding page). */
export async function onboardPayouts(stack: Api, user: Account) {
  const created = expectStatus(
    await stack.call('POST', '/api/payments/connect/create-account', { token: user.token }),
    200,
  );
  const link = expectStatus(
    await stack.call('POST', '/api/payments/connect/onboarding-link', {
      token: user.token,
      body: { account_id: created.body.account_id },
    }),
    200,
  );
  const page = new URL(link.body.url);
  const done = await fetch(`${stack.url}${page.pathname}${page.search}`, {
    method: 'POST',
    redirect: 'manual',
  });
  if (done.status !== 303) throw new Error(`onboarding ${done.status}`);
  await eventually(async () => {
    const status = await stack.call('GET', '/api/payments/connect/account-status', { token: user.token });
    if (status.body?.payouts_enabled !== true) throw new Error('payouts not enabled yet');
  });
}

/** The texts the SMS sandbox holds for an account's phone, oldest first (`/api/dev/sms`). */
export async function textsSentTo(stack: Api, account: Account): Promise<string[]> {
  const sms = await stack.call('GET', `/api/dev/sms?to=${encodeURIComponent(`+1${account.phone}`)}`);
  return sms.body.messages.map((m: { body: string }) => m.body);
}

export function expectStatus(reply: Reply, status: number): Reply {
  if (reply.status !== status)
    throw new Error(`expected ${status}, got ${reply.status}: ${reply.text.slice(0, 300)}`);
  return reply;
}

export interface PostedJob {
  id: string;
  totalCents: number;
  start: Date;
  end: Date;
  /** The clock of the product it was posted on, when the suite moves it. */
  clock?: ProductClock;
}

/** The product's time: its movable clock's, or the wall clock's. */
export const nowOf = (stack: Pick<Api, 'clock'>) => (stack.clock ? stack.clock.now().getTime() : Date.now());

/** Post a shift (8 h at $25 unless told) starting `startInMs` from now; `extra` adds fields (headcount). */
export async function postJob(
  stack: Api,
  restaurant: Account,
  startInMs = 86_400_000,
  hours = 8,
  hourlyRate = 25,
  extra: Record<string, unknown> = {},
): Promise<PostedJob> {
  const start = new Date(nowOf(stack) + startInMs);
  const end = new Date(start.getTime() + hours * 3_600_000);
  const posted = expectStatus(
    await stack.call('POST', '/api/jobs', {
      token: restaurant.token,
      body: {
        title: 'Line Cook',
        startTime: start.toISOString(),
        endTime: end.toISOString(),
        hourlyRate,
        emergencyLevel: 'normal',
        ...extra,
      },
    }),
    201,
  );
  return { id: posted.body.job.id, totalCents: posted.body.job.total_cents, start, end, clock: stack.clock };
}

/** The job's PaymentIntent (retried while payments has not yet heard of the job). */
export async function startEscrow(stack: Api, restaurant: Account, jobId: string) {
  return eventually(async () =>
    expectStatus(
      await stack.call('POST', '/api/payments/create-escrow-payment', {
        token: restaurant.token,
        body: { job_id: jobId },
      }),
      200,
    ),
  );
}

/** Confirm a PaymentIntent with a test card at the Stripe sandbox, as the browser does. */
export function confirmCard(
  stack: Api,
  intent: { payment_intent_id: string; client_secret: string },
  card = 'pm_card_visa',
) {
  return stack.call('POST', `/sandbox/stripe/v1/payment_intents/${intent.payment_intent_id}/confirm`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    raw: new URLSearchParams({ client_secret: intent.client_secret, payment_method: card }).toString(),
  });
}

/** Pay a posted job into escrow with a test card, as the browser does (sandbox confirm), and wait until it is open. */
export async function payJob(stack: Api, restaurant: Account, job: PostedJob, card = 'pm_card_visa') {
  const intent = await startEscrow(stack, restaurant, job.id);
  const confirm = await confirmCard(stack, intent.body, card);
  if (card !== 'pm_card_visa') return confirm;
  expectStatus(confirm, 200);
  await eventually(async () => {
    const j = await stack.call('GET', `/api/jobs/${job.id}`, { token: restaurant.token });
    if (j.body?.job?.status !== 'open') throw new Error(`job ${j.body?.job?.status}`);
    // The card's answer reaches jobs through the webhook, payments' outbox and the bus: on two busy cores with
    // ten payments at once (tests/hardening/timesheets.test.ts) that took over 20 s.
  }, 60_000);
  return confirm;
}

/** Apply (once jobs knows the chef's profile: JOBS.PROFILE_REQUIRED until its read model has it). */
export async function apply(stack: Api, chef: Account, job: PostedJob): Promise<string> {
  const applied = await eventually(async () => {
    const reply = await stack.call('POST', `/api/jobs/${job.id}/apply`, { token: chef.token });
    if (reply.status === 403 && reply.body?.code === 'JOBS.PROFILE_REQUIRED')
      throw new Error('no profile yet');
    return reply;
  });
  return expectStatus(applied, 201).body.application.id;
}

/** Accept (once jobs knows the chef can be paid) and have the chef confirm: the job is filled. */
export async function acceptAndConfirm(
  stack: Api,
  restaurant: Account,
  chef: Account,
  applicationId: string,
) {
  await eventually(async () =>
    expectStatus(
      await stack.call('PATCH', `/api/applications/${applicationId}`, {
        token: restaurant.token,
        body: { status: 'accepted' },
      }),
      200,
    ),
  );
  expectStatus(
    await stack.call('POST', `/api/applications/${applicationId}/confirm`, {
      token: chef.token,
      body: { confirmed: true },
    }),
    200,
  );
}

/**
 * The product's time reaches `at` (plus 200 ms): the suite moves the product's clock there (ADR 41), or, on a
 * stack of processes, waits for the wall clock.
 */
export async function until(stack: Pick<Api, 'clock'>, at: Date | number) {
  const target = (typeof at === 'number' ? at : at.getTime()) + 200;
  if (stack.clock) return stack.clock.moveTo(target);

  const wait = target - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/** Until a shift has started (it expires then when nobody confirmed it). */
export const untilStarted = (job: PostedJob) => until(job, job.start);

/** Until a shift has ended (checkout opens at the end: 409 JOBS.CHECKOUT_NOT_OPEN before). */
export const untilEnded = (job: PostedJob) => until(job, job.end);

/** One side's checkout: worked with 5 stars, or not worked with no rating (nobody rates work not done). */
export async function checkout(stack: Api, who: Account, applicationId: string, workCompleted = true) {
  return expectStatus(
    await stack.call('POST', `/api/applications/${applicationId}/checkout`, {
      token: who.token,
      body: workCompleted ? { rating: 5, workCompleted, feedback: null } : { workCompleted, feedback: null },
    }),
    200,
  );
}

/** Wait for a job's payment_status as the restaurant sees it. */
export async function paymentStatus(
  stack: Api,
  restaurant: Account,
  jobId: string,
  expected: string,
  timeoutMs = 30_000,
) {
  return eventually(async () => {
    const p = await stack.call('GET', `/api/payments/job/${jobId}`, { token: restaurant.token });
    if (p.body?.payment_status !== expected)
      throw new Error(`payment_status ${p.body?.payment_status}, want ${expected}`);
    return p.body;
  }, timeoutMs);
}
