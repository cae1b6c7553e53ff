import type { Express } from 'express';
import type { BaseConfig } from './config';
import {
  migrate,
  openDatabase,
  serviceDatabaseUrl,
  type Connection,
  type Database,
  type Migration,
} from './db';
import { InProcessBus } from './bus/in-process';
import { RabbitBus } from './bus/rabbit';
import type { EventBus, Subscription } from './bus/types';
import { OutboxRelay } from './outbox';
import { listen, type RunningServer } from './http';
import { createLogger, type Logger } from './logger';
import { startTelemetry } from './telemetry';
import { remoteKeys, type KeySource } from './auth';
import { openStamps, type VersionStamps } from './stamps';
import { openRevocations, type SessionRevocations } from './revocations';
import { startMetrics } from './metrics';
import { processClock, type Now } from './clock';

/** What every service's composition root (`app.ts`) returns. `main.ts` and the embedded runner start it. */
export interface ServiceHandle {
  readonly name: string;
  readonly app: Express;
  readonly database: Database;
  readonly relay: OutboxRelay;
  /** Subscribe the consumers and start the relay and any scheduler. `url` is where this service listens. */
  start(context: { url: string }): Promise<void>;
  /** Stop background work (relay, schedulers); the bus and database are closed by the owner. */
  stop(): Promise<void>;
}

/** The parts every service is built from, whoever owns them (main.ts, the embedded runner, a test). */
export interface ServiceDeps {
  database: Database;
  bus: EventBus;
  logger: Logger;
  /** Public keys that verify access tokens (identity's JWKS). */
  keys: KeySource;
  /** Where polled lists publish their version stamps for the gateway (disabled when absent). */
  stamps?: VersionStamps;
  /**
   * Ended sessions, whose access tokens every router refuses (identity revokes into it). Absent in component
   * tests: nothing is refused for it (identity then keeps its own).
   */
  revocations?: SessionRevocations;
  /**
   * The service's hot polled GETs taken by the lean path in front of Express (ADR 19; `LEAN_GETS`). Absent: on.
   */
  leanGets?: boolean;
  /**
   * The clock of the service's rules (ADR 41): absent, the wall clock; a suite's clock file in a stack of
   * processes (`processClock`). Notifications reads it here; runServiceMain hands it to the others' options.
   */
  now?: Now;
}

/** Subscribe a service's subscription table, all of it at once (see EventBus.subscribe). */
export async function subscribeAll(bus: EventBus, subscriptions: Subscription[]) {
  await bus.subscribe(subscriptions);
}

/** Standard pieces for a service handle: relay wired to the bus, readiness from database and bus. */
export function createRelay(
  name: string,
  deps: Pick<ServiceDeps, 'database' | 'bus' | 'logger'>,
  pollMs?: number,
) {
  return new OutboxRelay({
    database: deps.database,
    bus: deps.bus,
    producer: name,
    logger: deps.logger,
    pollMs,
  });
}

export async function readiness(deps: Pick<ServiceDeps, 'database' | 'bus'>) {
  await deps.database.ping();
  if (!deps.bus.isReady()) throw new Error('event bus not connected');
}

/** Open the bus this configuration asks for: RabbitMQ with AMQP_URL, in-process otherwise. */
export async function openBus(
  config: Pick<BaseConfig, 'AMQP_URL' | 'EVENT_RETRY_DELAYS_MS'> & { BUS_NAMESPACE?: string },
  logger: Logger,
): Promise<EventBus> {
  if (!config.AMQP_URL) return new InProcessBus({ retryDelaysMs: config.EVENT_RETRY_DELAYS_MS, logger });
  const ns = config.BUS_NAMESPACE;
  const bus = new RabbitBus({
    url: config.AMQP_URL,
    logger,
    retryDelaysMs: config.EVENT_RETRY_DELAYS_MS,
    ...(ns ? { exchange: `${ns}.events`, queuePrefix: ns } : {}),
  });
  await bus.connect();
  return bus;
}

export async function openServiceDatabase(
  service: string,
  connection: Connection,
  migrations: Migration[],
): Promise<Database> {
  const database = await openDatabase(connection, service);
  await migrate(database, migrations);
  return database;
}

/** A process's first steps: telemetry, its logger, and its database on its own schema (migrated). */
async function openProcess(name: string, schema: string, config: BaseConfig, migrations: Migration[]) {
  const stopTelemetry = await startTelemetry(name);
  const logger = createLogger(name, config.LOG_LEVEL);
  if (!config.DATABASE_URL) throw new Error(`${name}: DATABASE_URL is required to run as its own process`);
  const database = await openServiceDatabase(
    schema,
    { url: serviceDatabaseUrl(config.DATABASE_URL, schema), poolSize: config.DATABASE_POOL_SIZE },
    migrations,
  );
  return { stopTelemetry, logger, database };
}

/**
 * Real-mode entry point of a service process: telemetry, database (migrated), bus, HTTP server, consumers,
 * relay, and a graceful shutdown on SIGTERM/SIGINT (stop taking requests, finish in-flight ones and the
 * current message, then close). Nothing is acknowledged that was not done.
 */
export async function runService(options: {
  name: string;
  config: BaseConfig;
  migrations: Migration[];
  build: (deps: ServiceDeps) => Promise<ServiceHandle>;
  /** Identity verifies with its own keys; every other service fetches the JWKS. */
  keys?: KeySource;
}): Promise<void> {
  const { name, config } = options;
  const { stopTelemetry, logger, database } = await openProcess(name, name, config, options.migrations);
  const bus = await openBus(config, logger);
  const keys = options.keys ?? remoteKeys(config.JWKS_URL ?? 'http://identity:4001/auth/jwks.json');
  const stamps = openStamps(config, logger);
  const revocations = openRevocations(config, logger);
  await revocations.start();
  const now = processClock();
  const handle = await options.build({
    database,
    bus,
    logger,
    keys,
    stamps,
    revocations,
    leanGets: config.LEAN_GETS,
    ...(now ? { now } : {}),
  });
  const server: RunningServer = await listen(handle.app, config.PORT, config.HOST);
  await handle.start({ url: server.url });
  logger.info({ url: server.url }, `${name} listening`);
  // Prometheus metrics on a port of their own (the scraper's), when METRICS_PORT is set.
  const metrics = await startMetrics({ config, service: name, database, bus });

  onShutdownSignals(logger, async () => {
    await server.close();
    await metrics?.close();
    await handle.stop();
    await bus.close();
    await stamps.close();
    await revocations.close();
    await database.close();
    await stopTelemetry();
  });
}

/** On SIGTERM/SIGINT: run `stop` once (forced exit after 25 s), then exit 0. */
function onShutdownSignals(logger: Logger, stop: () => Promise<void>) {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    await stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * A service's whole main (`src/main.ts`): its config, read once, then its migrations, then `runService` with
 * `create` building the service from the process's connections. Every service but identity starts this way.
 */
export async function runServiceMain<C extends BaseConfig>(service: {
  name: string;
  loadConfig: () => C;
  loadMigrations: () => Promise<Migration[]>;
  /** `options.now`: the process's clock when a suite moves it (deps.now), for the services taking it there. */
  create: (deps: ServiceDeps, config: C, options: { now?: Now }) => Promise<ServiceHandle>;
}): Promise<void> {
  const config = service.loadConfig();
  await runService({
    name: service.name,
    config,
    migrations: await service.loadMigrations(),
    build: (deps) => service.create(deps, config, deps.now ? { now: deps.now } : {}),
  });
}

/**
 * Real-mode entry point of a provider's sandbox process (`sandboxes/<provider>/src/main.ts`): telemetry, its own
 * migrated database `<base>_<schema>`, its HTTP app, and a graceful shutdown. No bus: a sandbox stands in for an
 * outside provider and talks HTTP only.
 */
export async function runSandbox(options: {
  /** The process's name (`stripe-sandbox`) and the schema of its tables (`stripe_sandbox`). */
  name: string;
  schema: string;
  config: BaseConfig;
  migrations: Migration[];
  build: (deps: {
    database: Database;
    logger: Logger;
  }) => Promise<{ app: Express; start(): Promise<void>; stop(): Promise<void> }>;
}): Promise<void> {
  const { name, config } = options;
  const { stopTelemetry, logger, database } = await openProcess(
    name,
    options.schema,
    config,
    options.migrations,
  );
  const sandbox = await options.build({ database, logger });
  const server = await listen(sandbox.app, config.PORT, config.HOST);
  await sandbox.start();
  logger.info({ url: server.url }, `${name} listening`);

  onShutdownSignals(logger, async () => {
    await server.close();
    await sandbox.stop();
    await database.close();
    await stopTelemetry();
  });
}
