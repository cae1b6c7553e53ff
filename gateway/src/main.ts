import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import {
  createLogger,
  DisabledStamps,
  listen,
  openRevocations,
  RedisStamps,
  remoteKeys,
  serveMetrics,
  startTelemetry,
} from '@brigade/kit';
import { loadGatewayConfig } from './config';
import { MemoryRateLimiter, RedisRateLimiter } from './rate-limit';

// Real-mode entry: one gateway process in front of the service processes (docker compose).
const config = loadGatewayConfig();
const stopTelemetry = await startTelemetry('gateway');
const { createGateway } = await import('./app');
const logger = createLogger('gateway', config.LOG_LEVEL);
// One Redis connection for the rate limits and the services' version stamps; commands issued in the same
// tick go out as one pipeline.
const redis = config.REDIS_URL
  ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableAutoPipelining: true })
  : null;
const rateLimiter = redis
  ? new RedisRateLimiter(redis, undefined, config.RATE_LIMIT_FLUSH_MS)
  : new MemoryRateLimiter();
const stamps = redis ? new RedisStamps(redis, config.BUS_NAMESPACE, logger) : new DisabledStamps();
// Ended sessions, learned from Redis by every gateway instance (its own blocking reader connection).
const revocations = openRevocations(config, logger);
await revocations.start();
const services = {
  identity: config.IDENTITY_URL,
  jobs: config.JOBS_URL,
  payments: config.PAYMENTS_URL,
  messaging: config.MESSAGING_URL,
  notifications: config.NOTIFICATIONS_URL,
};
const app = createGateway({
  config: {
    ...config,
    WEB_DIST: config.WEB_DIST ?? path.resolve(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  },
  services,
  rateLimiter,
  stamps,
  revocations,
  keys: remoteKeys(config.JWKS_URL ?? `${config.IDENTITY_URL}/auth/jwks.json`),
  logger,
});
const server = await listen(app, config.PORT, config.HOST);
logger.info({ url: server.url }, 'gateway listening');
// Prometheus metrics on a port of their own (the scraper's, never the public one), when METRICS_PORT is set.
const metrics = config.METRICS_PORT ? await serveMetrics(config.METRICS_PORT, config.HOST) : null;
const shutdown = async () => {
  await server.close();
  await metrics?.close();
  await rateLimiter.close();
  await revocations.close();
  await stopTelemetry();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
