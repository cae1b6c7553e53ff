import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventType, EventInput } from '@brigade/contracts';
import {
  createLogger,
  listen,
  sql,
  type KeySource,
  type RunningServer,
  type VersionStamps,
} from '@brigade/kit';
import {
  createTestAuth,
  createTestBus,
  createTestDatabase,
  eventually,
  type TestBus,
  type TestDatabase,
} from '@brigade/kit/testing';
import { createJobsService, loadMigrations, type JobsServiceHandle } from '../src/app';
import { loadJobsConfig } from '../src/config';

/**
 * One jobs service in-process on port 0 against a real database and bus (PGlite + in-process bus, or
 * PostgreSQL + RabbitMQ when DATABASE_URL / AMQP_URL are set). The test stands in for identity and payments
 * by publishing their events onto the bus, and records every event the service publishes.
 */
export interface Harness {
  url: string;
  database: TestDatabase;
  bus: TestBus;
  service: JobsServiceHandle;
  events: EventEnvelope<any>[];
  /** The service's clock: moved forward by `advance`, put back by `reset`; `now()` reads it. */
  clock: { advance(ms: number): void; reset(): void; now(): Date };
  /** The keys the test tokens are signed with (a gateway in front of this service verifies them too). */
  keys: KeySource;
  token(user: {
    id?: string;
    type: 'chef' | 'restaurant' | 'operator';
    language?: 'en' | 'es';
    phoneVerified?: boolean;
    sessionId?: string;
  }): Promise<string>;
  /**
   * Another jobs instance on the same database, bus and clock (as a second process would be), started; the
   * harness stops it on close. `env` over this harness's (another SHIFT_GAP...: a setting changed between
   * two moments, or two processes configured apart).
   */
  anotherInstance(env?: Record<string, string>): Promise<JobsServiceHandle>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /**
   * The environment the service is configured from (the policy's LATE_CANCEL_WINDOW, CHECKOUT_DEADLINE, ...;
   * JOBS_RULES_POLL_MS). The rules loop polls every 250 ms unless told, and `clock.advance` wakes it.
   */
  env?: Record<string, string>;
  /** Where the service publishes its version stamps (as for a gateway in front of it); none unless given. */
  stamps?: VersionStamps;
}

const JOBS_EVENT_TYPES = [
  'jobs.job.posted.v1',
  'jobs.job.opened.v1',
  'jobs.chef.invited.v1',
  'jobs.offer.made.v1',
  'jobs.offer.answered.v1',
  'jobs.offer.expired.v1',
  'jobs.offer.withdrawn.v1',
  'jobs.job.payment_failed.v1',
  'jobs.job.cancelled.v1',
  'jobs.application.submitted.v1',
  'jobs.application.accepted.v1',
  'jobs.application.rejected.v1',
  'jobs.application.confirmed.v1',
  'jobs.application.declined.v1',
  'jobs.application.cancelled.v1',
  'jobs.checkout.recorded.v1',
  'jobs.checkout.completed.v1',
  'jobs.job.expired.v1',
  'jobs.seat.expired.v1',
  'jobs.checkout.deadline_passed.v1',
  'jobs.reliability.recorded.v1',
  'jobs.dispute.statement_added.v1',
  'jobs.dispute.resolved.v1',
  'jobs.text.written.v1',
  'jobs.timesheet.clocked_in.v1',
  'jobs.timesheet.submitted.v1',
  'jobs.timesheet.adjusted.v1',
  'jobs.timesheet.approved.v1',
  'jobs.timesheet.disputed.v1',
  'jobs.timesheet.resolved.v1',
  'jobs.timesheet.sent_home.v1',
  'jobs.timesheet.no_show_marked.v1',
  'jobs.timesheet.no_show_confirmed.v1',
  'jobs.timesheet.running_late.v1',
  'jobs.mark.removed.v1',
  'jobs.appeal.decided.v1',
  // issue 39: reviews
  'jobs.review.published.v1',
  'jobs.review.hidden.v1',
];

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const database = await createTestDatabase('jobs', await loadMigrations());
  const bus = await createTestBus([30, 60, 120]);
  const auth = await createTestAuth();
  let offset = 0;
  const logger = createLogger('jobs-test', 'silent');
  // MIN_SHIFT_DURATION shortened: suites post short shifts to reach their end quickly (shift-length.test.ts
  // sets the default back). The loops poll faster than in production, not flat out: a commit wakes the relay,
  // and a move of the clock (`advance`) wakes the rules; the polls only bound what the wall clock makes due. At
  // 20 and 50 ms an idle harness cost 23% of a core in real mode (PostgreSQL's share most of it), 43% on PGlite.
  const env = {
    JOBS_RELAY_POLL_MS: '200',
    JOBS_RULES_POLL_MS: '250',
    MIN_SHIFT_DURATION: '1s',
    ...options.env,
  };
  const config = loadJobsConfig(env);
  const build = (more?: Record<string, string>) =>
    createJobsService(
      { database, bus: bus.bus, logger, keys: auth.keys, stamps: options.stamps },
      more ? loadJobsConfig({ ...env, ...more }) : config,
      { now: () => new Date(Date.now() + offset) },
    );
  const service = await build();
  const others: JobsServiceHandle[] = [];
  const events: EventEnvelope<any>[] = [];
  await bus.bus.subscribe({
    queue: 'jobs-test.recorder',
    types: JOBS_EVENT_TYPES,
    handler: async (e) => void events.push(e),
  });
  const server: RunningServer = await listen(service.app);
  await service.start({ url: server.url });
  return {
    url: server.url,
    database,
    bus,
    service,
    events,
    clock: {
      advance: (ms) => {
        offset += ms;
        for (const instance of [service, ...others]) instance.rules.kick();
      },
      reset: () => void (offset = 0),
      now: () => new Date(Date.now() + offset),
    },
    keys: auth.keys,
    token: (user) => auth.token(user),
    async anotherInstance(more) {
      const other = await build(more);
      await other.start({ url: server.url });
      others.push(other);
      return other;
    },
    async close() {
      await server.close();
      for (const other of others) await other.stop();
      await service.stop();
      await bus.destroy();
      await database.destroy();
    },
  };
}

/**
 * The harness of one test file, as every jobs test file uses it: started before its tests (`beforeAll`),
 * closed after them (`afterAll`), its clock put back after each test. Read it inside tests and hooks only.
 */
export function useHarness(options: HarnessOptions = {}): Harness {
  let started: Harness | undefined;
  beforeAll(async () => {
    started = await startHarness(options);
  });
  afterEach(() => started?.clock.reset());
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as Harness, {
    get(_target, key) {
      if (!started) throw new Error('the jobs harness starts in beforeAll: use it inside a test or a hook');
      return Reflect.get(started, key);
    },
  });
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Call the service as one user. */
export function client(h: Harness, token: string) {
  async function call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const res = await fetch(`${h.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  }
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) =>
      call<T>('GET', path, undefined, headers),
    post: <T = any>(path: string, body?: unknown) => call<T>('POST', path, body ?? {}),
    put: <T = any>(path: string, body?: unknown) => call<T>('PUT', path, body),
    patch: <T = any>(path: string, body?: unknown) => call<T>('PATCH', path, body),
    del: <T = any>(path: string) => call<T>('DELETE', path),
  };
}
export type Client = ReturnType<typeof client>;

/** A user of the product: id, token (in their language) and HTTP client. */
export async function user(h: Harness, type: 'chef' | 'restaurant', language: 'en' | 'es' = 'en') {
  const id = randomUUID();
  const token = await h.token({ id, type, language });
  return { id, token, api: client(h, token) };
}
export type User = Awaited<ReturnType<typeof user>>;

/** An operator of the platform team (the console's routes). */
export async function operator(h: Harness) {
  const id = randomUUID();
  const token = await h.token({ id, type: 'operator' });
  return { id, token, api: client(h, token) };
}

/** Publish another service's event, as that service would. */
export async function publish<T extends EventType>(
  h: Harness,
  type: T,
  data: EventInput<T>,
  producer = type.split('.')[0],
) {
  const id = randomUUID();
  await h.bus.bus.publish({ id, type, occurred_at: new Date().toISOString(), producer, data });
  return id;
}

/** A chef's profile as identity announces it: a Minneapolis line and prep cook, unrated, unless told. */
export function chefProfileData(
  chef: { id: string; profileId: string },
  overrides: Partial<EventInput<'identity.chef_profile.updated.v1'>> = {},
): EventInput<'identity.chef_profile.updated.v1'> {
  return {
    profile_id: chef.profileId,
    user_id: chef.id,
    name: `Chef ${chef.id.slice(0, 4)}`,
    bio: 'Ten years on the line.',
    city: 'Minneapolis',
    state: 'MN',
    latitude: 44.9778,
    longitude: -93.265,
    travel_radius: 15,
    skills: ['Line Cook', 'Prep Cook'],
    profile_image_url: null,
    hourly_rate_min: 20,
    average_rating: null,
    total_ratings: 0,
    language_preference: 'en',
    ...overrides,
  };
}

export async function chefWithProfile(
  h: Harness,
  opts: { payouts?: boolean; name?: string; language?: 'en' | 'es' } = {},
) {
  const chef = await user(h, 'chef', opts.language);
  const profileId = randomUUID();
  await publish(
    h,
    'identity.chef_profile.updated.v1',
    chefProfileData({ id: chef.id, profileId }, opts.name ? { name: opts.name } : {}),
  );
  if (opts.payouts !== false) await setPayouts(h, chef.id, true);
  await eventually(async () => {
    const rows = await h.database.rows(sql`select 1 from jobs.chef_profiles where profile_id = ${profileId}`);
    expect(rows).toHaveLength(1);
  });
  return { ...chef, profileId };
}

export async function setPayouts(h: Harness, userId: string, enabled: boolean) {
  await publish(h, 'payments.payout_account.updated.v1', {
    user_id: userId,
    account_id: `acct_${userId.slice(0, 8)}`,
    charges_enabled: enabled,
    payouts_enabled: enabled,
    currently_due: enabled ? [] : ['external_account'],
  });
  await eventually(async () => {
    const rows = await h.database.rows<{ payouts_enabled: boolean }>(
      sql`select payouts_enabled from jobs.payout_accounts where user_id = ${userId}`,
    );
    expect(rows[0]?.payouts_enabled).toBe(enabled);
  });
}

/** Where a restaurant is (its profile's city and coordinates): downtown Minneapolis unless told. */
export interface RestaurantPlace {
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

export const MINNEAPOLIS: RestaurantPlace = {
  city: 'Minneapolis',
  state: 'MN',
  latitude: 44.9778,
  longitude: -93.265,
};

export async function restaurantWithProfile(
  h: Harness,
  name = 'Hell’s Kitchen',
  place: RestaurantPlace & { location_pinned?: boolean } = MINNEAPOLIS,
) {
  const r = await user(h, 'restaurant');
  const profileId = randomUUID();
  await publish(h, 'identity.restaurant_profile.updated.v1', {
    profile_id: profileId,
    user_id: r.id,
    name,
    description: 'Scratch kitchen',
    address: '1 Main St',
    ...place,
    logo_url: null,
    cuisine_types: ['American'],
    average_rating: null,
    total_ratings: 0,
    language_preference: 'en',
  });
  await eventually(async () => {
    const rows = await h.database.rows(
      sql`select 1 from jobs.restaurant_profiles where profile_id = ${profileId}`,
    );
    expect(rows).toHaveLength(1);
  });
  return { ...r, profileId };
}

export const HOUR = 3_600_000;

/** A valid post form: a 4-hour shift tomorrow at $20/h unless overridden. */
export function shiftForm(overrides: Record<string, unknown> = {}) {
  const start = new Date(Date.now() + 24 * HOUR);
  start.setUTCMinutes(0, 0, 0);
  return {
    title: 'Line Cook',
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 4 * HOUR).toISOString(),
    hourlyRate: 20,
    emergencyLevel: 'normal',
    notifyFavorites: [],
    ...overrides,
  };
}

/**
 * shiftForm's times moved `hours` later: one chef booked on several shifts needs them apart (a chef cannot
 * hold two shifts that overlap, SHIFT_GAP of travel included).
 */
export function laterShift(hours: number, length = 4): { startTime: string; endTime: string } {
  const start = new Date(Date.parse(shiftForm().startTime as string) + hours * HOUR);
  return {
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + length * HOUR).toISOString(),
  };
}

/** Post a job and have payments hold the escrow: the job is open to chefs. */
export async function openJob(h: Harness, restaurant: User, overrides: Record<string, unknown> = {}) {
  const posted = await restaurant.api.post('/jobs', shiftForm(overrides));
  expect(posted.status).toBe(201);
  const job = posted.body.job;
  await publish(h, 'payments.escrow.held.v1', {
    job_id: job.id,
    restaurant_id: restaurant.id,
    payment_intent_id: `pi_${job.id.slice(0, 8)}`,
    amount_cents: job.total_cents,
  });
  await eventually(async () => {
    const r = await restaurant.api.get(`/jobs/${job.id}`);
    expect(r.body.job.status).toBe('open');
  });
  return job as { id: string; total_cents: number; start_time: string; end_time: string; [k: string]: any };
}

/**
 * The chef applies to the job and its owner accepts; with `confirm` the chef confirms too (the job is filled).
 * Returns the application id.
 */
export async function bookChef(job: { id: string }, r: User, chef: User, confirm = true): Promise<string> {
  const applied = await chef.api.post(`/jobs/${job.id}/apply`);
  expect(applied.status).toBe(201);
  const appId = applied.body.application.id as string;
  expect((await r.api.patch(`/applications/${appId}`, { status: 'accepted' })).status).toBe(200);
  if (confirm)
    expect((await chef.api.post(`/applications/${appId}/confirm`, { confirmed: true })).status).toBe(200);
  return appId;
}

/** How many events of a type about one job the service wrote (its outbox: each is published once). */
export async function written(h: Harness, type: string, jobId: string): Promise<number> {
  const rows = await h.database.rows<{ n: number }>(
    sql`select count(*)::int as n from jobs.outbox where type = ${type} and payload->>'job_id' = ${jobId}`,
  );
  return Number(rows[0].n);
}

/** Events of one type the service published (as the bus delivered them). */
export function published(h: Harness, type: string, where: (data: any) => boolean = () => true) {
  return h.events.filter((e) => e.type === type && where(e.data)).map((e) => e.data);
}

export async function waitForEvent(h: Harness, type: string, where: (data: any) => boolean = () => true) {
  return eventually(() => {
    const found = published(h, type, where);
    expect(found.length).toBeGreaterThan(0);
    return found[found.length - 1];
  });
}

export { eventually };
