import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request, RequestHandler } from 'express';
import client from 'prom-client';
import type { EventBus } from './bus/types';
import { sql, type Database } from './db';

/**
 * Prometheus metrics of a Brigade process (issue 21). One registry per process, served on `METRICS_PORT` by a
 * small HTTP server of its own (`serveMetrics`), never on the public port. Nothing is measured until that
 * server starts: the HTTP histogram's middleware is installed everywhere but returns at once while off.
 */
export const metricsRegistry = new client.Registry();

const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its answer, by route pattern and status',
  labelNames: ['service', 'method', 'route', 'status'],
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const collectErrors = new client.Counter({
  name: 'brigade_metrics_collect_errors_total',
  help: 'Scrapes in which a metric could not be read (its source: database, broker) and was left out',
  labelNames: ['metric'],
  registers: [metricsRegistry],
});

let measuring = false;

/** The route an express request matched, as its pattern (`/payments/job/:jobId`), never the raw URL. */
export function expressRoute(req: Request): string {
  const path: unknown = req.route?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : 'unmatched';
}

const METERED = Symbol('metered');

/**
 * `http_request_duration_seconds` for one process's app: kit's `createHttpApp` installs it for every service,
 * the gateway for itself with its own route names. Free while metrics are off (one test per request). A request
 * is timed once: one that a handler in front of Express (the lean path, ADR 19) already metered is not again.
 */
export function httpMetrics(
  service: string,
  routeOf: (req: Request) => string = expressRoute,
): RequestHandler {
  return (req, res, next) => {
    const metered = req as Request & { [METERED]?: true };
    if (!measuring || metered[METERED]) return next();
    metered[METERED] = true;
    const end = httpDuration.startTimer();
    res.once('finish', () =>
      end({ service, method: req.method, route: routeOf(req), status: String(res.statusCode) }),
    );
    next();
  };
}

export interface Sample {
  labels?: Record<string, string>;
  value: number;
}

interface GaugeSpec {
  name: string;
  help: string;
  labelNames?: string[];
}

const gauges = new Map<string, Map<string, () => Promise<number | Sample[]>>>();

/**
 * A gauge read on each scrape from `read` (a count in the database, the broker's queue depths). Several sources
 * may feed one gauge (each service of an embedded process, with its own labels); registering the same `source`
 * again replaces it. A source that fails is left out of that scrape and counted in
 * `brigade_metrics_collect_errors_total`. Returns the unregistration.
 */
export function gaugeFromSource(
  spec: GaugeSpec,
  source: string,
  read: () => Promise<number | Sample[]>,
): () => void {
  let sources = gauges.get(spec.name);
  if (!sources) {
    const own = new Map<string, () => Promise<number | Sample[]>>();
    sources = own;
    gauges.set(spec.name, own);
    new client.Gauge({
      name: spec.name,
      help: spec.help,
      labelNames: spec.labelNames ?? [],
      registers: [metricsRegistry],
      async collect() {
        this.reset();
        for (const get of own.values()) {
          try {
            const got = await get();
            const samples = typeof got === 'number' ? [{ value: got }] : got;
            for (const s of samples) this.set(s.labels ?? {}, s.value);
          } catch {
            collectErrors.inc({ metric: spec.name });
          }
        }
      },
    });
  }
  sources.set(source, read);
  const mine = sources;
  return () => {
    if (mine.get(source) === read) mine.delete(source);
  };
}

/**
 * A service's own gauges, read on scrape: its outbox's unpublished events, and the backlog (consumer lag) and
 * dead letters of each queue its bus consumes, every sample labelled with the service. Several services of one
 * process (`npm start`) each register theirs on the one registry: a shared bus's queues are told apart by their
 * name (`<service>.<name>`), each service reporting its own.
 */
export function instrumentService(deps: { service: string; database: Database; bus: EventBus }): () => void {
  const { service, database, bus } = deps;
  const stops = [
    gaugeFromSource(
      {
        name: 'brigade_outbox_pending_events',
        help: 'Events written to the outbox and not yet confirmed by the broker',
        labelNames: ['service'],
      },
      service,
      async () => {
        const [row] = await database.rows<{ n: number | string }>(
          sql`select count(*) as n from ${sql.raw(database.schema)}.outbox where published_at is null`,
        );
        return [{ labels: { service }, value: Number(row?.n ?? 0) }];
      },
    ),
  ];
  const queueDepths = bus.queueDepths?.bind(bus);
  if (queueDepths) {
    // both gauges of one scrape from one look at the broker
    let last: { at: number; depths: ReturnType<typeof queueDepths> } | null = null;
    const depths = () => {
      if (!last || Date.now() - last.at > 1000) last = { at: Date.now(), depths: queueDepths() };
      return last.depths;
    };
    const read = async (pick: 'waiting' | 'deadLetters') =>
      (await depths())
        .filter((d) => d.queue.startsWith(`${service}.`))
        .map((d) => ({ labels: { service, queue: d.queue }, value: d[pick] }));
    stops.push(
      gaugeFromSource(
        {
          name: 'brigade_consumer_lag_messages',
          help: 'Events waiting in a consumer queue for a consumer',
          labelNames: ['service', 'queue'],
        },
        `bus:${service}`,
        () => read('waiting'),
      ),
      gaugeFromSource(
        {
          name: 'brigade_dead_letters',
          help: 'Events in a queue\u2019s dead-letter queue (failed every retry): redrive after a fix',
          labelNames: ['service', 'queue'],
        },
        `bus:${service}`,
        () => read('deadLetters'),
      ),
    );
  }
  return () => stops.forEach((stop) => stop());
}

let defaultsCollected = false;

export interface MetricsServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serve the registry at `GET /metrics` on `port` (the scraper's port, never the public one) and start measuring
 * HTTP requests. Also the process's own figures (CPU, memory, event loop lag) from prom-client's defaults.
 */
export function serveMetrics(port: number, host = '0.0.0.0'): Promise<MetricsServer> {
  if (!defaultsCollected) {
    client.collectDefaultMetrics({ register: metricsRegistry });
    defaultsCollected = true;
  }
  measuring = true;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/metrics') {
      metricsRegistry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
      return;
    }
    res
      .writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
      .end(JSON.stringify({ error: 'Only GET /metrics is served here', code: 'HTTP.NOT_FOUND' }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const bound = (server.address() as AddressInfo).port;
      const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
      resolve({
        url: `http://${shown}:${bound}`,
        port: bound,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections(); // a scraper's keep-alive connection must not hold the shutdown
          }),
      });
    });
  });
}

/**
 * What a service process does with METRICS_PORT (runService; tests start a service the same way): its own
 * gauges registered and the metrics server listening. Unset: nothing, and `null`.
 */
export async function startMetrics(deps: {
  config: { METRICS_PORT?: number; HOST?: string };
  service: string;
  database: Database;
  bus: EventBus;
}): Promise<MetricsServer | null> {
  const { METRICS_PORT, HOST } = deps.config;
  if (!METRICS_PORT) return null;
  instrumentService(deps);
  return serveMetrics(METRICS_PORT, HOST);
}
