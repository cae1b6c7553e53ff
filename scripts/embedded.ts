import { createHash } from 'node:crypto';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Redis } from 'ioredis';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import {
  claimEmbeddedData,
  createLogger,
  instrumentService,
  listen,
  openBus,
  openServiceDatabase,
  remoteKeys,
  serviceDatabaseUrl,
  type Connection,
  type Database,
  type EventBus,
  type MetricsServer,
  type Migration,
  type RunningServer,
  type ServiceHandle,
  MemoryStamps,
  RedisStamps,
  serveMetrics,
  type VersionStamps,
  MemoryRevocations,
  RedisRevocations,
  type SessionRevocations,
  freshMemoryPglite,
  kitMigrations,
  migrate,
  openDatabase,
} from '@brigade/kit';
import {
  createStripeSandbox,
  loadMigrations as loadStripeSandboxMigrations,
  loadStripeSandboxConfig,
  SANDBOX_NAME as STRIPE_SANDBOX,
  type StripeSandbox,
} from '@brigade/sandbox-stripe';
import {
  createSmsSandbox,
  loadMigrations as loadSmsSandboxMigrations,
  loadSmsSandboxConfig,
  SANDBOX_NAME as SMS_SANDBOX,
  type SmsSandbox,
} from '@brigade/sandbox-sms';
import {
  createMailSandbox,
  loadMailSandboxConfig,
  loadMigrations as loadMailSandboxMigrations,
  SANDBOX_NAME as MAIL_SANDBOX,
  type MailSandbox,
} from '@brigade/sandbox-mail';
import { createPushSandbox, loadPushSandboxConfig, type PushSandbox } from '@brigade/sandbox-push';
import { createGateway } from '../gateway/src/app';
import { loadGatewayConfig } from '../gateway/src/config';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../gateway/src/rate-limit';
import type { ServiceName } from '../gateway/src/routes';
import { initPgliteDataDir, PGLITE_CONF, ROOT } from './embedded-data-dir';
import { ensureWebBuilt } from './embedded-web';

/** A service's `app.ts`, imported by path: its migrations and its `create<Name>Service(deps, config)`. */
type ServiceModule = { loadMigrations(): Promise<Migration[]> } & Record<string, unknown>;
type CreateService = (
  deps: Record<string, unknown>,
  config: unknown,
  options?: { now?: () => Date },
) => Promise<ServiceHandle>;

export { ROOT, ensureWebBuilt };
const SERVICES: ServiceName[] = ['identity', 'jobs', 'payments', 'messaging', 'notifications'];
/**
 * Each service's `app.ts` and `config.ts`, named where a bundler sees them (`npm start` runs one compiled module,
 * scripts/npm-start.mjs), each loaded only when the product starts.
 */
const SERVICE_MODULES: Record<ServiceName, () => Promise<[ServiceModule, Record<string, unknown>]>> = {
  identity: async () => [
    await import('../services/identity/src/app'),
    await import('../services/identity/src/config'),
  ],
  jobs: async () => [await import('../services/jobs/src/app'), await import('../services/jobs/src/config')],
  payments: async () => [
    await import('../services/payments/src/app'),
    await import('../services/payments/src/config'),
  ],
  messaging: async () => [
    await import('../services/messaging/src/app'),
    await import('../services/messaging/src/config'),
  ],
  notifications: async () => [
    await import('../services/notifications/src/app'),
    await import('../services/notifications/src/config'),
  ],
};
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

export interface EmbeddedOptions {
  port?: number;
  /** Where PGlite keeps its data; null keeps it in memory (tests). */
  dataDir?: string | null;
  env?: NodeJS.ProcessEnv;
  /** Build the web app when web/dist is missing. */
  buildWeb?: boolean;
  /**
   * Tests: the product's clock (ADR 41), one for every service's rules: a shift's start and end, its windows and
   * deadlines, a credential's expiry day. The suites move it instead of waiting. Unset: the wall clock.
   */
  now?: () => Date;
}

export interface Embedded {
  url: string;
  services: Partial<Record<ServiceName, { url: string; handle: ServiceHandle }>>;
  /**
   * The providers' sandboxes this run started: the Stripe sandbox without STRIPE_SECRET_KEY, the SMS sandbox with
   * SMS_SANDBOX=1 when identity or notifications has no Twilio keys.
   */
  sandboxes: {
    stripe?: { url: string; handle: StripeSandbox };
    sms?: { url: string; handle: SmsSandbox };
    /** Issue 40: without SMTP_URL (the embedded default, or MAIL_SANDBOX=1), the mail sandbox. */
    mail?: { url: string; handle: MailSandbox };
    /** Issue 40: with PUSH_SANDBOX=1 (the embedded default), the push sandbox (in memory). */
    push?: { url: string; handle: PushSandbox };
  };
  /**
   * With METRICS_PORT: the process's one `/metrics` (a server of its own, never the public port), carrying every
   * service's figures labelled by `service` (issue 33). Unset: null.
   */
  metrics: MetricsServer | null;
  bus: EventBus;
  /** The polled lists' version stamps and the ended sessions, shared by the gateway and every service. */
  stamps: VersionStamps;
  revocations: SessionRevocations;
  mode: { database: 'pglite' | 'postgres'; bus: 'in-process' | 'rabbitmq'; rateLimit: 'memory' | 'redis' };
  stop(): Promise<void>;
  /**
   * Tests: stop, then drop the databases and broker queues this run created (real mode); `keepDatabases` leaves
   * the databases to the caller (the hardening stacks park them for the next suite).
   */
  destroy(options?: { keepDatabases?: boolean }): Promise<void>;
}

/**
 * The whole product in one process: every service on its own schema of one PGlite (or on its own database
 * when DATABASE_URL is set), one bus (in-process, or RabbitMQ with AMQP_URL), the gateway on `port` serving
 * the API and the web app.
 */
export async function startEmbedded(options: EmbeddedOptions = {}): Promise<Embedded> {
  const env = { ...process.env, ...options.env };
  // The embedded default (no DATABASE_URL) texts through the SMS sandbox (sandboxes/sms); real mode names its
  // provider: Twilio keys, or SMS_SANDBOX=1 (identity and notifications refuse to start otherwise).
  if (!env.DATABASE_URL) env.SMS_SANDBOX ??= '1';
  // Mail likewise (issue 40): without SMTP_URL the embedded default mails into the mail sandbox (sandboxes/mail);
  // real mode does with MAIL_SANDBOX=1, else identity keeps its links unsent until SMTP_URL is set.
  if (!env.DATABASE_URL) env.MAIL_SANDBOX ??= '1';
  // Web Push likewise: the push sandbox (sandboxes/push) is a push service notifications accepts endpoints on.
  if (!env.DATABASE_URL) env.PUSH_SANDBOX ??= '1';
  // The gateway's port is held from the start: links (Stripe return URLs, SMS) need the real port, so port 0
  // becomes one at once, and nothing else can take it while the services start (asking for a free port and
  // listening on it later raced with other processes). Requests before the gateway is built get a 503.
  let gatewayApp: Express | null = null;
  const front = (req: IncomingMessage, res: ServerResponse) => {
    if (gatewayApp) return gatewayApp(req, res);
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({
        error: 'Brigade is starting. Please try again in a moment.',
        code: 'GATEWAY.STARTING',
      }),
    );
  };
  const gatewayServer = await listen(
    front as unknown as Express,
    options.port ?? Number(env.PORT ?? 8080),
    env.HOST ?? '127.0.0.1',
  );
  try {
    return await startBehind(gatewayServer, (app) => (gatewayApp = app), options, env);
  } catch (err) {
    await gatewayServer.close();
    throw err;
  }
}

async function startBehind(
  gatewayServer: RunningServer,
  serve: (gateway: Express) => void,
  options: EmbeddedOptions,
  env: NodeJS.ProcessEnv,
): Promise<Embedded> {
  const port = gatewayServer.port;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  const serviceEnv = { ...env, PUBLIC_URL: publicUrl, PORT: '0' };
  // Every configuration first: a refused one stops the start before any database or broker is touched.
  const modules: Array<{
    name: ServiceName;
    app: ServiceModule;
    load: (env: NodeJS.ProcessEnv) => unknown;
    config: unknown;
  }> = [];
  for (const name of SERVICES) {
    const [app, cfg] = await SERVICE_MODULES[name]();
    const load = cfg[`load${cap(name)}Config`] as (env: NodeJS.ProcessEnv) => unknown;
    modules.push({ name, app, load, config: load(serviceEnv) });
  }
  // Without Stripe keys, the Stripe sandbox (sandboxes/stripe) on a port of its own, reached by payments' SDK at
  // STRIPE_API_URL exactly as Stripe would be.
  const stripeSandboxConfig = env.STRIPE_SECRET_KEY
    ? null
    : loadStripeSandboxConfig({ ...serviceEnv, STRIPE_SANDBOX_WEBHOOK_URL: '' });
  // With SMS_SANDBOX=1, the SMS sandbox (sandboxes/sms) for whichever of identity and notifications has no Twilio
  // keys: their SDKs reach it at TWILIO_VERIFY_API_BASE_URL / TWILIO_API_BASE_URL as they would reach Twilio.
  const twilioKeys: Partial<Record<ServiceName, string[]>> = {
    identity: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_VERIFY_SERVICE_SID'],
    notifications: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'],
  };
  const onSmsSandbox = modules
    .filter(({ name, config }) => {
      const c = config as Record<string, unknown>;
      return twilioKeys[name] && c.SMS_SANDBOX && !twilioKeys[name]!.every((k) => c[k]);
    })
    .map((m) => m.name);
  const smsSandboxConfig =
    onSmsSandbox.length > 0
      ? loadSmsSandboxConfig({ ...serviceEnv, TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '' })
      : null;
  // With MAIL_SANDBOX=1 and no SMTP_URL, the mail sandbox: identity and notifications get SMTP_URL at its SMTP port.
  const mailSandboxConfig =
    !env.SMTP_URL && ['1', 'true'].includes(env.MAIL_SANDBOX ?? '')
      ? loadMailSandboxConfig({ ...serviceEnv, MAIL_SANDBOX_SMTP_PORT: '0' })
      : null;
  // With PUSH_SANDBOX=1, the push sandbox: notifications takes subscriptions on its host, the gateway shows its outbox.
  const pushSandboxConfig = ['1', 'true'].includes(env.PUSH_SANDBOX ?? '')
    ? loadPushSandboxConfig({ ...serviceEnv, PUSH_SANDBOX_PUBLIC_URL: '' })
    : null;
  const gatewayConfig = loadGatewayConfig({
    ...env,
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    // a copy of the build may be named (tests/e2e/installable-app.test.ts releases a new service worker in one)
    WEB_DIST: env.WEB_DIST || path.join(ROOT, 'web/dist'),
  });
  const logger = createLogger('brigade', env.LOG_LEVEL);
  if (options.buildWeb ?? env.BRIGADE_BUILD_WEB !== '0') ensureWebBuilt((s) => logger.info(s));

  // In memory (the tests start the product dozens of times a run): PGlite from a snapshot with every schema of
  // this product already migrated, keyed by the migrations, so each service's migrate finds them applied.
  const migratedSnapshot = async () => {
    const plan: Array<[string, Migration[]]> = [
      ...(stripeSandboxConfig ? [[STRIPE_SANDBOX, await loadStripeSandboxMigrations()] as const] : []),
      ...(smsSandboxConfig ? [[SMS_SANDBOX, await loadSmsSandboxMigrations()] as const] : []),
      ...(mailSandboxConfig ? [[MAIL_SANDBOX, await loadMailSandboxMigrations()] as const] : []),
      ...(await Promise.all(modules.map(async (m) => [m.name, await m.app.loadMigrations()] as const))),
    ].map(([schema, migrations]) => [schema, migrations]);
    const key = createHash('sha256')
      .update(JSON.stringify(plan.map(([schema, m]) => [schema, kitMigrations(schema), m])))
      .digest('hex');
    return {
      key,
      prepare: async (instance: PGlite) => {
        for (const [schema, migrations] of plan)
          await migrate(await openDatabase({ pglite: instance }, schema), migrations);
      },
    };
  };
  let pglite: PGlite | null = null;
  let releaseData = () => {};
  const connectionFor = async (name: string): Promise<Connection> => {
    // Real servers in one process: each service keeps DATABASE_POOL_SIZE connections, as its own process would
    // (every service's configuration refuses an unreadable value at start).
    if (env.DATABASE_URL)
      return {
        url: serviceDatabaseUrl(env.DATABASE_URL, name, env),
        poolSize: env.DATABASE_POOL_SIZE ? Number(env.DATABASE_POOL_SIZE) : undefined,
      };
    if (!pglite) {
      const { PGlite } = await import('@electric-sql/pglite');
      // One process at a time on a PGlite directory (another `npm start`, or `npm run ledger:check`).
      if (options.dataDir) releaseData = claimEmbeddedData(options.dataDir);
      if (options.dataDir) initPgliteDataDir(options.dataDir);
      pglite = options.dataDir
        ? await PGlite.create(options.dataDir, { postgresqlconf: PGLITE_CONF })
        : await freshMemoryPglite(PGLITE_CONF, await migratedSnapshot());
    }
    return { pglite };
  };

  const bus = await openBus(
    {
      AMQP_URL: env.AMQP_URL || undefined,
      EVENT_RETRY_DELAYS_MS: (env.EVENT_RETRY_DELAYS_MS ?? '1000,5000,30000').split(',').map(Number),
      BUS_NAMESPACE: env.BUS_NAMESPACE || undefined,
    },
    logger,
  );
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, enableAutoPipelining: true })
    : null;
  const rateLimiter: RateLimiter = redis
    ? new RedisRateLimiter(redis, undefined, gatewayConfig.RATE_LIMIT_FLUSH_MS)
    : new MemoryRateLimiter();
  // Version stamps of the polled lists: in Redis like the deployed stack, else one map this process shares.
  const stamps: VersionStamps = redis
    ? new RedisStamps(redis, env.BUS_NAMESPACE || undefined, logger)
    : new MemoryStamps();
  // Ended sessions likewise: the Redis stream every other process reads too, or one map for this process.
  const revocations: SessionRevocations = redis
    ? new RedisRevocations(redis, env.BUS_NAMESPACE || undefined, logger)
    : new MemoryRevocations();
  await revocations.start();

  const running: Embedded['services'] = {};
  const sandboxes: Embedded['sandboxes'] = {};
  const servers: RunningServer[] = [];
  const databases: Database[] = [];
  const serviceDatabases: Array<[ServiceName, Database]> = [];
  let keys = remoteKeys('http://127.0.0.1:1/unset');
  // The sandbox before payments: payments' SDK calls it from its start (pending money tasks). Its webhook secret
  // is the installation's (random, kept with its data) unless STRIPE_WEBHOOK_SECRET is set; payments gets it.
  const providerEnv: Record<string, Record<string, string>> = {};
  // A sandbox on its own schema (or database) and port, as its own process would run.
  const serveSandbox = async <T extends { app: Express }>(
    schema: string,
    migrations: Promise<Migration[]>,
    create: (deps: { database: Database; logger: ReturnType<typeof createLogger> }) => Promise<T>,
  ) => {
    const database = await openServiceDatabase(schema, await connectionFor(schema), await migrations);
    databases.push(database);
    const handle = await create({ database, logger: createLogger(schema.replace('_', '-'), env.LOG_LEVEL) });
    const server = await listen(handle.app, 0, '127.0.0.1');
    servers.push(server);
    return { url: server.url, handle };
  };
  if (stripeSandboxConfig) {
    sandboxes.stripe = await serveSandbox(STRIPE_SANDBOX, loadStripeSandboxMigrations(), (deps) =>
      createStripeSandbox(deps, stripeSandboxConfig),
    );
    providerEnv.payments = {
      STRIPE_API_URL: sandboxes.stripe.url,
      STRIPE_WEBHOOK_SECRET: sandboxes.stripe.handle.webhookSecret,
    };
  }
  if (smsSandboxConfig) {
    const sms = await serveSandbox(SMS_SANDBOX, loadSmsSandboxMigrations(), (deps) =>
      createSmsSandbox(deps, smsSandboxConfig),
    );
    // Issue 40: texts to Brigade go to notifications' inbound webhook through the gateway, as Twilio's would, and
    // notifications checks the sandbox's signatures with its token.
    await sms.handle.start({
      inboundUrl: `${publicUrl.replace(/\/$/, '')}/api/notifications/twilio/inbound`,
    });
    sandboxes.sms = sms;
    const base = { identity: 'TWILIO_VERIFY_API_BASE_URL', notifications: 'TWILIO_API_BASE_URL' } as const;
    for (const name of onSmsSandbox)
      providerEnv[name] = {
        ...providerEnv[name],
        [base[name as keyof typeof base]]: sms.url,
        ...(name === 'notifications' ? { SMS_SANDBOX_AUTH_TOKEN: sms.handle.authToken } : {}),
      };
  }
  if (mailSandboxConfig) {
    const mail = await serveSandbox(MAIL_SANDBOX, loadMailSandboxMigrations(), (deps) =>
      createMailSandbox(deps, mailSandboxConfig),
    );
    await mail.handle.start({ host: '127.0.0.1' });
    sandboxes.mail = mail;
    for (const name of ['identity', 'notifications'])
      providerEnv[name] = { ...providerEnv[name], SMTP_URL: mail.handle.smtpUrl };
  }
  if (pushSandboxConfig) {
    const handle = createPushSandbox(
      { logger: createLogger('push-sandbox', env.LOG_LEVEL) },
      pushSandboxConfig,
    );
    const server = await listen(handle.app, 0, '127.0.0.1');
    servers.push(server);
    await handle.start({ url: server.url });
    sandboxes.push = { url: server.url, handle };
    providerEnv.notifications = { ...providerEnv.notifications, PUSH_SANDBOX_URL: server.url };
  }
  for (const { name, app, load, config: checked } of modules) {
    // A service a sandbox gives its address and secret to reads its configuration again with them.
    const config = providerEnv[name] ? load({ ...serviceEnv, ...providerEnv[name] }) : checked;
    const database = await openServiceDatabase(name, await connectionFor(name), await app.loadMigrations());
    databases.push(database);
    serviceDatabases.push([name, database]);
    const serviceLogger = createLogger(name, env.LOG_LEVEL);
    const handle = await (app[`create${cap(name)}Service`] as CreateService)(
      {
        database,
        bus,
        logger: serviceLogger,
        keys,
        stamps,
        revocations,
        leanGets: (config as { LEAN_GETS?: boolean }).LEAN_GETS,
        // notifications takes its clock among its dependencies
        ...(options.now ? { now: options.now } : {}),
      },
      config,
      options.now ? { now: options.now } : {},
    );
    const server = await listen(handle.app, 0, '127.0.0.1');
    servers.push(server);
    await handle.start({ url: server.url });
    running[name] = { url: server.url, handle };
    if (name === 'identity') keys = remoteKeys(`${server.url}/auth/jwks.json`);
    if (name === 'payments')
      await sandboxes.stripe?.handle.start({ webhookUrl: `${server.url}${app.WEBHOOK_PATH}` });
  }

  // Metrics wherever the product runs (issue 33): with METRICS_PORT, one `/metrics` for the whole process, each
  // service's outbox and queues read from its own database and the bus, every figure labelled by its service
  // (the request durations already are: `service` is the gateway or the service that answered).
  const stopMeasuring = gatewayConfig.METRICS_PORT
    ? serviceDatabases.map(([service, database]) => instrumentService({ service, database, bus }))
    : [];
  const metrics = gatewayConfig.METRICS_PORT
    ? await serveMetrics(gatewayConfig.METRICS_PORT, env.HOST ?? '127.0.0.1')
    : null;

  const gateway = createGateway({
    config: {
      ...gatewayConfig,
      STRIPE_SANDBOX_URL: sandboxes.stripe?.url,
      SMS_SANDBOX_URL: sandboxes.sms?.url,
      MAIL_SANDBOX_URL: sandboxes.mail?.url,
      PUSH_SANDBOX_URL: sandboxes.push?.url,
    },
    services: Object.fromEntries(Object.entries(running).map(([k, v]) => [k, v!.url])),
    rateLimiter,
    stamps,
    revocations,
    keys,
    logger: createLogger('gateway', env.LOG_LEVEL),
  });
  serve(gateway);
  const url = `http://localhost:${gatewayServer.port}`;

  const embedded: Embedded = {
    url,
    services: running,
    sandboxes,
    metrics,
    bus,
    stamps,
    revocations,
    mode: {
      database: env.DATABASE_URL ? 'postgres' : 'pglite',
      bus: bus.kind,
      rateLimit: env.REDIS_URL ? 'redis' : 'memory',
    },
    async stop() {
      await gatewayServer.close();
      await metrics?.close();
      for (const stop of stopMeasuring) stop();
      for (const s of Object.values(running)) await s!.handle.stop();
      await sandboxes.stripe?.handle.stop();
      await sandboxes.sms?.handle.stop();
      await sandboxes.mail?.handle.stop();
      await sandboxes.push?.handle.stop();
      for (const s of servers) await s.close();
      await bus.close();
      await revocations.close();
      await rateLimiter.close();
      for (const d of databases) await d.close();
      if (pglite) await (pglite as PGlite).close();
      releaseData();
    },
    async destroy({ keepDatabases = false } = {}) {
      if (bus.kind === 'rabbitmq')
        await (bus as import('@brigade/kit').RabbitBus).destroy().catch(() => undefined);
      await embedded.stop();
      if (env.DATABASE_URL && !keepDatabases) {
        const pg = (await import('pg')).default;
        const admin = new URL(env.DATABASE_URL);
        admin.pathname = '/postgres';
        const ran = [
          ...Object.keys(running),
          ...(sandboxes.stripe ? [STRIPE_SANDBOX] : []),
          ...(sandboxes.sms ? [SMS_SANDBOX] : []),
          ...(sandboxes.mail ? [MAIL_SANDBOX] : []),
        ];
        // Side by side: each drop waits for a checkpoint, and the checkpoints asked for at once are one.
        await Promise.all(
          ran.map(async (name) => {
            const db = new URL(serviceDatabaseUrl(env.DATABASE_URL!, name, {})).pathname.slice(1);
            const client = new pg.Client({ connectionString: admin.toString() });
            await client.connect();
            await client.query(`drop database if exists "${db}" with (force)`).catch(() => undefined);
            await client.end();
          }),
        );
      }
    },
  };
  return embedded;
}
