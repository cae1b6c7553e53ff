import { randomUUID } from 'node:crypto';
import type { EventInput, EventType } from '@brigade/contracts';
import { createLogger, listen, sql, type Database, type EventBus, type RunningServer } from '@brigade/kit';
import {
  createTestAuth,
  createTestBus,
  createTestDatabase,
  eventually,
  type TestBus,
  type TestDatabase,
  useStarted,
} from '@brigade/kit/testing';
import { startTestSmsSandbox, type TestSmsSandbox } from '@brigade/sandbox-sms/testing';
import {
  createNotificationsService,
  createSmsPort,
  loadMigrations,
  type NotificationsHandle,
} from '../src/app';
import { loadNotificationsConfig } from '../src/config';
import type { OutgoingSms, SmsPort } from '../src/adapters/sms-port';

export const HOUR = 3_600_000;
export const MINUTE = 60_000;

/** A clock the test moves; the service's scheduler reads it instead of the wall clock. */
export function testClock(start = new Date()) {
  let current = start.getTime();
  const moved = new Set<() => void>();
  const move = (to: number) => {
    current = to;
    for (const wake of moved) wake();
  };
  return {
    now: () => new Date(current),
    advance(ms: number) {
      move(current + ms);
    },
    set(d: Date) {
      move(d.getTime());
    },
    /** Call `wake` after every move (an instance's scheduler); returns how to stop. */
    onMove(wake: () => void): () => void {
      moved.add(wake);
      return () => void moved.delete(wake);
    },
  };
}
export type TestClock = ReturnType<typeof testClock>;

export interface RunningNotifications {
  handle: NotificationsHandle;
  server: RunningServer;
  url: string;
  stop(): Promise<void>;
}

/**
 * The SMS port of the config (Twilio's SDK, here at the SMS sandbox), counting the texts this instance handed
 * over (tests prove exactly-once across instances with it).
 */
export class CountingSms implements SmsPort {
  sendCount = 0;
  target: SmsPort | null = null;
  get provider() {
    return this.target?.provider ?? 'sandbox';
  }
  async send(message: OutgoingSms) {
    this.sendCount += 1;
    return this.target!.send(message);
  }
}

/**
 * The SMS sandbox (`sandboxes/sms`) the instances on one database text into (replicas share their provider),
 * and which sandbox a running instance's address texts into (`outbox(url)`).
 */
const sandboxOfDatabase = new Map<Database, { sandbox: TestSmsSandbox; users: number }>();
const sandboxOfUrl = new Map<string, TestSmsSandbox>();

async function useSandbox(database: Database) {
  let shared = sandboxOfDatabase.get(database);
  if (!shared) {
    shared = { sandbox: await startTestSmsSandbox(), users: 0 };
    sandboxOfDatabase.set(database, shared);
  }
  shared.users += 1;
  return {
    sandbox: shared.sandbox,
    async release() {
      shared.users -= 1;
      if (shared.users > 0) return;
      sandboxOfDatabase.delete(database);
      await shared.sandbox.close();
    },
  };
}

export async function startNotifications(opts: {
  database: Database;
  bus: EventBus;
  keys: Awaited<ReturnType<typeof createTestAuth>>['keys'];
  clock: TestClock;
  sms?: SmsPort;
  env?: Record<string, string>;
}): Promise<RunningNotifications> {
  // Without Twilio keys, the SMS sandbox answers the SDK, as the embedded runner sets it up.
  const sandbox = opts.env?.TWILIO_ACCOUNT_SID ? null : await useSandbox(opts.database);
  const config = loadNotificationsConfig({
    // Faster than production's 1 s, not flat out: a commit that queues a text wakes the scheduler, and so does
    // a move of the test clock (below); at 20 ms an idle instance cost 7% of a core in real mode, 17% on PGlite.
    NOTIFICATIONS_POLL_MS: '200',
    SMS_RETRY_DELAYS_MS: '60000,300000',
    PUBLIC_URL: 'https://brigade.test',
    SMS_SANDBOX: '1',
    ...(sandbox
      ? {
          TWILIO_API_BASE_URL: sandbox.sandbox.url,
          SMS_SANDBOX_AUTH_TOKEN: sandbox.sandbox.sandbox.authToken,
        }
      : {}),
    ...opts.env,
  } as NodeJS.ProcessEnv);
  if (opts.sms instanceof CountingSms) opts.sms.target ??= createSmsPort(config);
  const handle = await createNotificationsService(
    {
      database: opts.database,
      bus: opts.bus,
      logger: createLogger('notifications-test'),
      keys: opts.keys,
      now: opts.clock.now,
      sms: opts.sms,
    },
    config,
  );
  const server = await listen(handle.app);
  await handle.start({ url: server.url });
  const stopWaking = opts.clock.onMove(() => handle.scheduler.wake());
  if (sandbox) {
    sandboxOfUrl.set(server.url, sandbox.sandbox);
    // Twilio calls the public URL (through the gateway's /api); here the sandbox reaches this instance directly.
    const api = `${config.PUBLIC_URL.replace(/\/$/, '')}/api`;
    sandbox.sandbox.sandbox.replies.forward(api, server.url);
    sandbox.sandbox.sandbox.replies.setInboundUrl(`${api}/notifications/twilio/inbound`);
  }
  return {
    handle,
    server,
    url: server.url,
    async stop() {
      stopWaking();
      await server.close();
      await handle.stop();
      sandboxOfUrl.delete(server.url);
      await sandbox?.release();
    },
  };
}

export interface Notifications {
  database: TestDatabase;
  /** The bus the test publishes other services' events on (the service consumes from it). */
  bus: EventBus;
  testBus: TestBus;
  auth: Awaited<ReturnType<typeof createTestAuth>>;
  /** The clock the service's scheduler reads; the test moves it. */
  clock: TestClock;
  /** The service, one instance on the test clock. */
  svc: RunningNotifications;
  /** Change a user's toggles through the API, as the settings screen does. */
  setPreferences(user: TestUser, prefs: Record<string, boolean>): Promise<void>;
  /**
   * Another instance on the same database, bus, keys, clock and environment (as a replica would be), started;
   * closed with the rest.
   */
  anotherInstance(opts?: { sms?: SmsPort }): Promise<RunningNotifications>;
  close(): Promise<void>;
}

export interface NotificationsOptions {
  /**
   * The environment the service is configured from (the policy: LATE_CANCEL_WINDOW, CHECKOUT_DEADLINE, ...;
   * Twilio's keys). A function is read when the service starts, after the file's earlier `beforeAll` hooks.
   */
  env?: Record<string, string> | (() => Record<string, string>);
  /** The first instance's SMS port (a `CountingSms` counts what it hands over). */
  sms?: SmsPort;
  /** The test clock; a fresh one at the wall clock's time unless given. */
  clock?: TestClock;
}

/** One test file's service: a fresh database and bus, one instance on the test clock with `env` (the policy). */
export async function startSuite(options: NotificationsOptions = {}): Promise<Notifications> {
  const env = typeof options.env === 'function' ? options.env() : (options.env ?? {});
  const clock = options.clock ?? testClock();
  const database = await createTestDatabase('notifications', await loadMigrations());
  const testBus = await createTestBus();
  const auth = await createTestAuth();
  const start = (sms?: SmsPort) =>
    startNotifications({ database, bus: testBus.bus, keys: auth.keys, clock, env, sms });
  const svc = await start(options.sms);
  const others: RunningNotifications[] = [];
  return {
    database,
    bus: testBus.bus,
    testBus,
    auth,
    clock,
    svc,
    async setPreferences(user, prefs) {
      const token = await auth.token({ id: user.id, type: user.type });
      const res = await fetch(`${svc.url}/notifications/preferences`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(prefs),
      });
      expect(res.status).toBe(200);
    },
    async anotherInstance(opts = {}) {
      const other = await start(opts.sms);
      others.push(other);
      return other;
    },
    async close() {
      await svc.stop();
      for (const other of others) await other.stop();
      await testBus.destroy();
      await database.destroy();
    },
  };
}

/**
 * The service of one test file, as every notifications test file uses it: started before its tests
 * (`beforeAll`, after the file's earlier `beforeAll` hooks), closed after them (`afterAll`). Read it inside
 * tests and hooks only.
 */
export function useNotifications(options: NotificationsOptions = {}): Notifications {
  return useStarted('the notifications service', () => startSuite(options));
}

/** Publish an event the way its producer's relay would (validated against its contract by the bus). */
export async function publish<T extends EventType>(
  bus: EventBus,
  type: T,
  data: EventInput<T>,
  id = randomUUID(),
) {
  await bus.publish({ id, type, occurred_at: new Date().toISOString(), producer: type.split('.')[0], data });
  return id;
}

let phoneCounter = 0;
export function newPhone() {
  phoneCounter += 1;
  return `+1612${String(Math.floor(Math.random() * 900) + 100)}${String(phoneCounter).padStart(4, '0')}`;
}

export interface TestUser {
  id: string;
  profileId: string;
  phone: string;
  type: 'chef' | 'restaurant';
  name: string;
}

/** A user as identity announces them: registered, phone verified, profile saved. Waits until notifications knows them. */
export async function createUser(
  bus: EventBus,
  database: Database,
  u: {
    type: 'chef' | 'restaurant';
    name: string;
    language?: 'en' | 'es';
    city?: 'Minneapolis' | 'Detroit';
    verified?: boolean;
  },
): Promise<TestUser> {
  const id = randomUUID();
  const profileId = randomUUID();
  const phone = newPhone();
  const language = u.language ?? 'en';
  const city = u.city ?? 'Minneapolis';
  await publish(bus, 'identity.user.registered.v1', {
    user_id: id,
    email: `${id}@example.com`,
    phone,
    user_type: u.type,
    language_preference: language,
    created_at: new Date().toISOString(),
  });
  if (u.verified !== false) {
    await publish(bus, 'identity.user.updated.v1', {
      user_id: id,
      phone,
      phone_verified: true,
      user_type: u.type,
      language_preference: language,
    });
  }
  const place = {
    city,
    state: city === 'Detroit' ? 'MI' : 'MN',
    latitude: 44.97,
    longitude: -93.26,
    average_rating: null,
    total_ratings: 0,
    language_preference: language,
  };
  if (u.type === 'chef') {
    await publish(bus, 'identity.chef_profile.updated.v1', {
      profile_id: profileId,
      user_id: id,
      name: u.name,
      bio: 'Line cook',
      travel_radius: 15,
      skills: ['Line Cook'],
      profile_image_url: null,
      hourly_rate_min: null,
      ...place,
    });
  } else {
    await publish(bus, 'identity.restaurant_profile.updated.v1', {
      profile_id: profileId,
      user_id: id,
      name: u.name,
      description: 'Kitchen',
      address: '123 Main St',
      logo_url: null,
      cuisine_types: ['American'],
      ...place,
    });
  }
  await eventually(async () => {
    const rows = await database.rows<{ name: string | null; phone_verified: boolean }>(
      sql`select name, phone_verified from notifications.recipients where user_id = ${id}`,
    );
    expect(rows[0]?.name).toBe(u.name);
    expect(rows[0]?.phone_verified).toBe(u.verified !== false);
  });
  return { id, profileId, phone, type: u.type, name: u.name };
}

export interface DevSms {
  to: string;
  body: string;
  sent_at: string;
}

/** The texts the instance at `url` (and its replicas) sent through the SMS sandbox, newest first. */
export async function outbox(url: string, to?: string): Promise<DevSms[]> {
  const sandbox = sandboxOfUrl.get(url);
  if (!sandbox) throw new Error(`no SMS sandbox behind ${url} (Twilio keys given?)`);
  const res = await fetch(
    `${sandbox.url}/sandbox/sms/outbox?limit=500${to ? `&to=${encodeURIComponent(to)}` : ''}`,
  );
  expect(res.status).toBe(200);
  const { messages } = (await res.json()) as { messages: Array<DevSms & { kind: string }> };
  return messages.filter((m) => m.kind === 'message').map(({ to, body, sent_at }) => ({ to, body, sent_at }));
}

/** The SMS sandbox the instance at `url` texts through (its address, token, replies and faults). */
export function smsSandboxOf(url: string): TestSmsSandbox {
  const sandbox = sandboxOfUrl.get(url);
  if (!sandbox) throw new Error(`no SMS sandbox behind ${url} (Twilio keys given?)`);
  return sandbox;
}

/** Wait until `phone` has received a text matching `pattern`; returns the matching texts. */
export async function textsTo(url: string, phone: string, pattern: RegExp, count = 1): Promise<DevSms[]> {
  return eventually(async () => {
    const matching = (await outbox(url, phone)).filter((m) => pattern.test(m.body));
    expect(matching.length).toBeGreaterThanOrEqual(count);
    return matching;
  });
}

export async function smsRows(database: Database, recipientId: string) {
  return database.rows<{
    template: string;
    status: string;
    suppress_reason: string | null;
    attempts: number;
    provider_id: string | null;
    last_error: string | null;
    body: string | null;
  }>(
    sql`select template, status, suppress_reason, attempts, provider_id, last_error, body from notifications.sms where recipient_id = ${recipientId} order by seq`,
  );
}

export async function reminderRows(database: Database, jobId: string) {
  return database.rows<{
    kind: string;
    recipient_id: string;
    status: string;
    drop_reason: string | null;
    due_at: Date;
  }>(
    sql`select kind, recipient_id, status, drop_reason, due_at from notifications.reminders where job_id = ${jobId} order by kind, recipient_id`,
  );
}

/** The facts every jobs application event carries. */
export function applicationFacts(
  job: { id: string; title: string; start: Date; end: Date; restaurant: TestUser },
  chef: TestUser,
  applicationId = randomUUID(),
) {
  return {
    application_id: applicationId,
    job_id: job.id,
    job_title: job.title,
    chef_id: chef.id,
    chef_profile_id: chef.profileId,
    restaurant_id: job.restaurant.id,
    start_time: job.start.toISOString(),
    end_time: job.end.toISOString(),
  };
}

export function jobFacts(
  job: { id: string; title: string; start: Date; end: Date; restaurant: TestUser },
  level: 'normal' | 'urgent' = 'normal',
) {
  return {
    job_id: job.id,
    restaurant_id: job.restaurant.id,
    title: job.title,
    start_time: job.start.toISOString(),
    end_time: job.end.toISOString(),
    hourly_rate_cents: 2500,
    emergency_level: level,
  };
}

export function newJob(
  restaurant: TestUser,
  clock: TestClock,
  title = 'Line Cook',
  startInHours = 24,
  hours = 6,
) {
  const start = new Date(clock.now().getTime() + startInHours * HOUR);
  return { id: randomUUID(), title, start, end: new Date(start.getTime() + hours * HOUR), restaurant };
}

/**
 * A shift posted 10 hours ago by `restaurant` and a tip of `cents` for `chef` on it (issue 38's tip facts, before
 * payments says it was paid or declined): the job and the facts.
 */
export async function tipOnPostedShift(
  n: Pick<Notifications, 'bus' | 'clock'>,
  chef: TestUser,
  restaurant: TestUser,
  cents = 2_000,
) {
  const job = newJob(restaurant, n.clock, 'Line Cook', -10);
  await publish(n.bus, 'jobs.job.posted.v1', {
    ...jobFacts(job),
    subtotal_cents: 15_000,
    fee_cents: 1_050,
    total_cents: 16_050,
    notify_favorites: [],
  });
  const facts = {
    tip_id: randomUUID(),
    application_id: randomUUID(),
    job_id: job.id,
    restaurant_id: restaurant.id,
    chef_id: chef.id,
    amount_cents: cents,
  };
  return { job, facts };
}

/**
 * A tip reaches a chef (issue 38's `payments.tip.paid.v1`, after the shift was posted): one notification of type
 * money whose text links to the earnings page. Returns the event's facts and id (to publish it again).
 */
export async function tipPaid(
  n: Pick<Notifications, 'bus' | 'clock'>,
  chef: TestUser,
  restaurant: TestUser,
  cents = 2_000,
) {
  const { job, facts: tip } = await tipOnPostedShift(n, chef, restaurant, cents);
  const facts = { ...tip, transfer_id: `tr_${randomUUID().slice(0, 8)}` };
  return { job, facts, id: await publish(n.bus, 'payments.tip.paid.v1', facts) };
}
