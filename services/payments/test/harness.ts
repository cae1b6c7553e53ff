import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { createLogger, listen, migrate, sql, type RunningServer } from '@brigade/kit';
import {
  createTestAuth,
  createTestBus,
  createTestDatabase,
  eventually,
  type TestBus,
  type TestDatabase,
  useStarted,
} from '@brigade/kit/testing';
import { computeJobPay, type EventInput, type EventEnvelope, type EventType } from '@brigade/contracts';
import {
  createStripeSandbox,
  loadMigrations as loadSandboxMigrations,
  loadStripeSandboxConfig,
  SANDBOX_NAME,
  type StripeSandbox,
} from '@brigade/sandbox-stripe';
import { createPaymentsService, loadMigrations, WEBHOOK_PATH } from '../src/app';
import { loadPaymentsConfig, SANDBOX_SECRET_KEY, type PaymentsConfig } from '../src/config';
import { checkLedger } from '../src/queries/check-ledger';
import { findStuckMoney } from '../src/queries/report-stuck-money';

type Service = Awaited<ReturnType<typeof createPaymentsService>>;

const PAYMENTS_EVENTS = [
  'payments.escrow.held.v1',
  'payments.escrow.failed.v1',
  'payments.payout.released.v1',
  'payments.escrow.refunded.v1',
  'payments.escrow.settled.v1',
  'payments.payout_account.updated.v1',
  'payments.extra_charge.collected.v1',
  'payments.extra_charge.failed.v1',
  'payments.edit_charge.collected.v1',
  'payments.edit_charge.failed.v1',
  // issue 38: tips
  'payments.tip.charged.v1',
  'payments.tip.failed.v1',
  'payments.tip.paid.v1',
  // issue 38, instant payout
  'payments.instant_payout.paid.v1',
  'payments.instant_payout.failed.v1',
  // issue 38: card disputes
  'payments.card_dispute.opened.v1',
  'payments.card_dispute.closed.v1',
  'payments.card_dispute.settled.v1',
] as const;

export const PUBLIC_URL = 'http://localhost:8080';

/**
 * One payments service in-process (port 0) against a real database and bus, with the Stripe sandbox
 * (`sandboxes/stripe`, on its own port and database, as the embedded runner starts it) unless STRIPE_SECRET_KEY
 * is given, plus what a test needs around it: the events it publishes, a way to play the jobs and identity
 * services (publishing their events), HTTP with identity-format tokens, and an SDK client to look into the
 * sandbox.
 */
export async function startPayments(
  env: Record<string, string> = {},
  options: {
    /** A database the test made at an earlier migration: the rest are applied to it, as a deploy would. */
    database?: TestDatabase;
  } = {},
) {
  const migrations = await loadMigrations();
  const database = options.database ?? (await createTestDatabase('payments', migrations));
  if (options.database) await migrate(database, migrations);
  const settings: Record<string, string> = {
    NODE_ENV: 'test',
    PUBLIC_URL,
    MONEY_TASK_RETRY_DELAYS_MS: '50,100,200',
    SANDBOX_WEBHOOK_RETRY_DELAYS_MS: '50,100,200,400,800',
    ...env,
  };
  const onSandbox = !settings.STRIPE_SECRET_KEY;
  const sandboxDatabase = onSandbox
    ? await createTestDatabase(SANDBOX_NAME, await loadSandboxMigrations())
    : null;
  const testBus = await createTestBus([50, 100, 200]);
  const auth = await createTestAuth();
  const logger = createLogger('payments-test');
  const published: EventEnvelope<any>[] = [];
  await testBus.bus.subscribe({
    queue: 'test.observer',
    types: [...PAYMENTS_EVENTS],
    handler: async (event) => {
      published.push(event);
    },
  });

  let service: Service;
  let server: RunningServer;
  let sandbox: StripeSandbox | null = null;
  let sandboxServer: RunningServer | null = null;
  let config: PaymentsConfig;
  async function boot() {
    // The sandbox first (payments' SDK calls it from the start), then payments on its address and secret.
    const provider: Record<string, string> = {};
    if (sandboxDatabase) {
      sandbox = await createStripeSandbox(
        { database: sandboxDatabase, logger },
        loadStripeSandboxConfig(settings),
      );
      sandboxServer = await listen(sandbox.app);
      provider.STRIPE_API_URL = sandboxServer.url;
      provider.STRIPE_WEBHOOK_SECRET = sandbox.webhookSecret;
    }
    config = loadPaymentsConfig({ ...settings, ...provider });
    service = await createPaymentsService({ database, bus: testBus.bus, logger, keys: auth.keys }, config);
    server = await listen(service.app);
    await service.start({ url: server.url });
    await sandbox?.start({ webhookUrl: `${server.url}${WEBHOOK_PATH}` });
  }
  async function shutdown() {
    await server.close();
    await service.stop();
    await sandboxServer?.close();
    await sandbox?.stop();
  }
  await boot();
  const sandboxUrl = (): string => {
    if (!sandbox || !sandboxServer)
      throw new Error('no Stripe sandbox: this harness runs with STRIPE_SECRET_KEY');
    return sandboxServer.url;
  };

  const callAt =
    (base: () => string) => async (method: string, path: string, token?: string, body?: unknown) => {
      const res = await fetch(`${base()}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      let json: any = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      return { status: res.status, body: json, headers: res.headers };
    };

  const h = {
    database,
    bus: testBus.bus,
    auth,
    get config() {
      return config;
    },
    published,
    /** True when the Stripe sandbox answers payments (no STRIPE_SECRET_KEY given). */
    onSandbox,
    get url() {
      return server.url;
    },
    get service() {
      return service;
    },
    /** The Stripe sandbox payments talks to (its webhook deliverer, faults, database). */
    get sandbox(): StripeSandbox {
      if (!sandbox) throw new Error('no Stripe sandbox: this harness runs with STRIPE_SECRET_KEY');
      return sandbox;
    },
    /** The sandbox's own address (its pages at /sandbox/stripe, its fault switch at /sandbox/faults/stripe). */
    get sandboxUrl(): string {
      return sandboxUrl();
    },
    /** The SDK, pointed at the sandbox exactly as the service points it. */
    get stripe() {
      const u = new URL(sandboxUrl());
      return new Stripe(SANDBOX_SECRET_KEY, { host: u.hostname, port: u.port, protocol: 'http' });
    },
    /** Stop the service (as a crash or deploy would) and start a fresh one on the same database. */
    async restart() {
      await shutdown();
      await boot();
    },
    async close() {
      // Stripe working again first, so the service's last retries end at once instead of waiting out a fault.
      if (sandboxServer) await callAt(sandboxUrl)('DELETE', '/sandbox/faults/stripe').catch(() => undefined);
      await shutdown().catch(() => undefined);
      await testBus.destroy();
      await database.destroy();
      await sandboxDatabase?.destroy();
    },

    async publish<T extends EventType>(type: T, data: EventInput<T>, id: string = randomUUID()) {
      await testBus.bus.publish({
        id,
        type,
        occurred_at: new Date().toISOString(),
        producer: type.split('.')[0],
        data,
      });
      return id;
    },

    /** HTTP to the payments service. */
    call: callAt(() => server.url),
    /** HTTP to the Stripe sandbox's own address (its fault switch, its browser pages). */
    callSandbox: callAt(sandboxUrl),

    events(type: string, jobId?: string) {
      return published.filter((e) => e.type === type && (!jobId || e.data.job_id === jobId));
    },

    async user(type: 'chef' | 'restaurant', email = `${type}-${randomUUID().slice(0, 8)}@example.com`) {
      const id = randomUUID();
      await h.publish('identity.user.registered.v1', {
        user_id: id,
        email,
        phone: '+16125550100',
        user_type: type,
        language_preference: 'en',
        created_at: new Date().toISOString(),
      });
      // As in the product, where a user signs up minutes before setting up payments: payments has heard of
      // the user (its email and type) before any call (on RabbitMQ the event may still be on its way).
      await eventually(async () => {
        const known = await database.rows(sql`select 1 from payments.users where user_id = ${id}`);
        if (known.length === 0) throw new Error('payments has not heard of the user yet');
      }, 10_000);
      const token = await auth.token({ id, type });
      return { id, token, email };
    },

    /**
     * Play the jobs service: a job posted by this restaurant (8 h at $25/h, starting in a day unless told),
     * known to payments.
     */
    async postJob(restaurant: { id: string; token: string }, hours = 8, rate = 25, startsInMs = 86_400_000) {
      const jobId = randomUUID();
      const start = new Date(Date.now() + startsInMs);
      const end = new Date(start.getTime() + hours * 3_600_000);
      const pay = computeJobPay(start, end, rate);
      await h.publish('jobs.job.posted.v1', {
        job_id: jobId,
        restaurant_id: restaurant.id,
        title: 'Line Cook',
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        hourly_rate_cents: rate * 100,
        emergency_level: 'normal',
        subtotal_cents: pay.subtotalCents,
        fee_cents: pay.feeCents,
        total_cents: pay.totalCents,
        notify_favorites: [],
      });
      await eventually(async () =>
        expect((await h.call('GET', `/payments/job/${jobId}`, restaurant.token)).status).toBe(200),
      );
      return { jobId, pay, start, end };
    },

    async apply(jobId: string, restaurantId: string, chefId: string) {
      const applicationId = randomUUID();
      await h.publish(
        'jobs.application.submitted.v1',
        applicationFacts(applicationId, jobId, restaurantId, chefId),
      );
      return applicationId;
    },

    /** Jobs: the restaurant accepted this chef's application (the chef a late cancellation may pay). */
    async accept(jobId: string, restaurantId: string, chefId: string, applicationId: string) {
      await h.publish(
        'jobs.application.accepted.v1',
        applicationFacts(applicationId, jobId, restaurantId, chefId),
      );
    },

    /** A chef with a completed Stripe Express account (through the sandbox's hosted onboarding page). */
    async onboard(user: { id: string; token: string }) {
      const created = await h.call('POST', '/payments/connect/create-account', user.token);
      const accountId = created.body.account_id as string;
      const link = await h.call('POST', '/payments/connect/onboarding-link', user.token, {
        account_id: accountId,
      });
      const page = new URL(link.body.url);
      const local = `${sandboxUrl()}${page.pathname}${page.search}`;
      const done = await fetch(local, { method: 'POST', redirect: 'manual' });
      expect(done.status).toBe(303);
      await eventually(async () =>
        expect(
          (await h.call('GET', '/payments/connect/account-status', user.token)).body.payouts_enabled,
        ).toBe(true),
      );
      return accountId;
    },

    /**
     * A job paid into escrow: a restaurant posts it, a chef applies, the restaurant confirms the payment with
     * a card (until held_in_escrow). `startIntent` first creates the escrow PaymentIntent for the full amount
     * (as the web app does before confirming); `onboard` then gives the chef a completed Stripe account.
     */
    async paidJob(
      options: { startIntent?: boolean; onboard?: boolean; hours?: number; startsInMs?: number } = {},
    ) {
      const restaurant = await h.user('restaurant');
      const chef = await h.user('chef');
      const { jobId, pay, start, end } = await h.postJob(restaurant, options.hours, 25, options.startsInMs);
      const applicationId = await h.apply(jobId, restaurant.id, chef.id);
      if (options.startIntent) {
        const start = await h.call('POST', '/payments/create-escrow-payment', restaurant.token, {
          job_id: jobId,
          amount: pay.totalCents,
        });
        expect(start.status).toBe(200);
      }
      await h.payWithCard(restaurant, applicationId);
      if (options.onboard) await h.onboard(chef);
      return { restaurant, chef, jobId, pay, applicationId, start, end };
    },

    /**
     * The restaurant pays the application's job with the test visa card, retried until payments knows the
     * job (its event may still be on the way): the answer is 200 and the money is held.
     */
    async payWithCard(restaurant: { token: string }, applicationId: string) {
      await eventually(async () => {
        const confirmed = await h.call(
          'POST',
          `/applications/${applicationId}/confirm-payment`,
          restaurant.token,
          { paymentMethodId: 'pm_card_visa' },
        );
        expect(confirmed).toMatchObject({ status: 200 });
        expect(confirmed.body).toEqual({ paymentStatus: 'held_in_escrow' });
      });
    },

    async jobPayment(jobId: string, token: string) {
      return (await h.call('GET', `/payments/job/${jobId}`, token)).body;
    },

    /**
     * Jobs cancelled this paid shift with a refund due (the figures of a late cancellation when given);
     * `eventId` repeats a delivery.
     */
    async cancel(
      jobId: string,
      restaurantId: string,
      eventId?: string,
      figures: Partial<EventInput<'jobs.job.cancelled.v1'>> = {},
    ) {
      return h.publish(
        'jobs.job.cancelled.v1',
        {
          job_id: jobId,
          restaurant_id: restaurantId,
          title: 'Line Cook',
          start_time: new Date().toISOString(),
          end_time: new Date().toISOString(),
          hourly_rate_cents: 2500,
          emergency_level: 'normal',
          previous_status: 'open',
          refund_due: true,
          affected_chef_ids: [],
          ...figures,
        },
        eventId,
      );
    },

    async checkout(
      jobId: string,
      restaurantId: string,
      chefId: string,
      applicationId: string,
      outcome: 'release' | 'refund' | 'disputed',
      pay: { subtotalCents: number; feeCents: number; totalCents: number },
    ) {
      return h.publish('jobs.checkout.completed.v1', {
        ...applicationFacts(applicationId, jobId, restaurantId, chefId),
        outcome,
        restaurant_work_completed: outcome !== 'refund',
        chef_work_completed: outcome === 'release',
        chef_rating: 5,
        restaurant_rating: 5,
        subtotal_cents: pay.subtotalCents,
        fee_cents: pay.feeCents,
        total_cents: pay.totalCents,
      });
    },

    /** What payments refused as not matching its records or the provider (newest last). */
    async anomalies(objectId?: string) {
      return database.rows<{
        reason: string;
        source: string;
        object_id: string | null;
        job_id: string | null;
      }>(
        sql`select reason, source, object_id, job_id from payments.anomalies
            where ${objectId ?? null}::text is null or object_id = ${objectId ?? null} order by id`,
      );
    },

    /** The stuck-money report of ledger:check, as of `now`, with this service's money rules. */
    stuck(now = new Date()) {
      return findStuckMoney(database, config.policy, now);
    },

    /** The ledger:check rules over every job, and no money stuck past its deadline. */
    async expectLedgerGreen() {
      const checks = await checkLedger(database);
      expect(checks.filter((c) => !c.ok)).toEqual([]);
      expect((await h.stuck()).stuck).toEqual([]);
      return checks;
    },
  };
  return h;
}

export type Harness = Awaited<ReturnType<typeof startPayments>>;

export interface UsePaymentsOptions {
  /** Settings over the harness's defaults (e.g. shorter money rules, a webhook secret). */
  env?: Record<string, string>;
  /**
   * After each test: the sandbox's faults cleared (a test that made Stripe fail leaves it working for the
   * next) and the ledger checked green: every job's money adds up and none is stuck past its deadline.
   */
  ledgerAfterEach?: boolean;
}

/**
 * One payments service for a test file: started in beforeAll, closed in afterAll, and with `ledgerAfterEach`
 * the ledger held green after every test. Use it at the top of a file; read it inside tests and hooks.
 */
export function usePayments({ env = {}, ledgerAfterEach = false }: UsePaymentsOptions = {}): Harness {
  return useStarted('the payments service', () => startPayments(env), {
    afterEach: ledgerAfterEach
      ? async (h) => {
          if (h.onSandbox) await h.callSandbox('DELETE', '/sandbox/faults/stripe');
          await h.expectLedgerGreen();
        }
      : undefined,
  });
}

/** What every application event carries (the shift's times: now unless given). */
export function applicationFacts(
  applicationId: string,
  jobId: string,
  restaurantId: string,
  chefId: string,
  times: { start: Date; end: Date } = { start: new Date(), end: new Date() },
) {
  return {
    application_id: applicationId,
    job_id: jobId,
    job_title: 'Line Cook',
    chef_id: chefId,
    chef_profile_id: null,
    restaurant_id: restaurantId,
    start_time: times.start.toISOString(),
    end_time: times.end.toISOString(),
  };
}
export { eventually };
export type { TestBus, TestDatabase };
