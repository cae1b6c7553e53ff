import express, { type Express, type Request, type Response } from 'express';
import {
  DisabledStamps,
  errorMiddleware,
  servesSandboxPages,
  useRequestId,
  type FrontHandler,
  type KeySource,
  type Logger,
  type SessionRevocations,
  type VersionStamps,
} from '@brigade/kit';
import { apiHandler } from './api';
import { apiDocsRouter } from './api-docs';
import { AnswerCompression, compressions } from './compression';
import type { GatewayConfig } from './config';
import { cors } from './cors';
import { devSmsRouter } from './dev-sms';
import { devMailRouter } from './dev-mail';
import { devPushRouter } from './dev-push';
import { healthRouter } from './health';
import { gatewayMetrics, noPublicMetrics } from './metrics';
import { leanProxy } from './lean-proxy';
import { frontWithShortcut, pollShortcut } from './poll-shortcut';
import { serviceProxies } from './proxy';
import type { RateLimiter } from './rate-limit';
import { send } from './respond';
import { RevalidationCache } from './revalidate';
import { SharedBodies } from './shared-bodies';
import type { ServiceName } from './routes';
import { securityHeaders, setSecurityHeaders } from './security-headers';
import { stripeSandboxPages } from './stripe-sandbox';
import { webAppRouter } from './web-app';

type Metered = Request & { metered?: boolean };

export interface GatewayDeps {
  config: GatewayConfig;
  /** Base URL of each running service; a missing one answers 503. */
  services: Partial<Record<ServiceName, string>>;
  rateLimiter: RateLimiter;
  keys: KeySource;
  logger: Logger;
  /** The services' list version stamps (Redis, or shared memory in one process): 304s answered here. */
  stamps?: VersionStamps;
  /** Ended sessions, whose tokens are refused here as at every service (Redis, or shared memory). */
  revocations?: SessionRevocations;
}

/**
 * The one public entry: `/api/*` to the services (token verified, rate limited, request id), the Stripe
 * sandbox's browser endpoints, the API docs, and the built web app on the same origin. The order below is
 * the order a request walks through.
 */
export function createGateway(deps: GatewayDeps): Express {
  const { config, services, rateLimiter, keys, logger, revocations } = deps;
  const stamps = deps.stamps ?? new DisabledStamps();
  const revalidation = new RevalidationCache(stamps.enabled ? config.REVALIDATE_MAX_AGE_MS : 0);
  const sharedBodies = new SharedBodies(config.REVALIDATE_MAX_AGE_MS);
  const security = securityHeaders(config);
  const corsPolicy = cors(config);
  const compress = compressions(config.COMPRESSION);
  const keptBodies = config.SHARED_BODIES ? sharedBodies : undefined;
  const proxyFor = serviceProxies({
    config,
    services: { ...services, 'stripe-sandbox': config.STRIPE_SANDBOX_URL },
    revalidation,
    sharedBodies: keptBodies,
  });
  // Sandbox pages (the SMS outbox, the Stripe emulator's browser endpoints): never in production.
  const pages = servesSandboxPages(config);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', config.TRUST_PROXY);
  // Metrics first; a request the poll shortcut already metered (below) is not metered twice.
  const metrics = gatewayMetrics();
  app.use((req, res, next) => ((req as Metered).metered ? next() : metrics(req, res, next)));

  // The poll shortcut (ADR 7), then the lean path of the polled GETs (ADR 17), before Express itself, as
  // plain node:http handlers.
  const front: FrontHandler[] = [];
  if (revalidation.enabled)
    front.push(
      pollShortcut({
        config,
        revalidation,
        sharedBodies,
        stamps,
        rateLimiter,
        keys,
        revocations,
        security,
        cors: corsPolicy,
      }),
    );
  if (config.LEAN_PROXY)
    front.push(
      leanProxy({
        config,
        services,
        rateLimiter,
        keys,
        revocations,
        security,
        cors: corsPolicy,
        logger,
        revalidation,
        sharedBodies: keptBodies,
        compression: new AnswerCompression(config.COMPRESSION),
      }),
    );
  if (front.length > 0)
    frontWithShortcut(app, front, (req, res) => {
      (req as Metered).metered = true;
      (req as Metered).originalUrl ??= req.url ?? ''; // the route label reads it, as on an Express request
      metrics(req as Metered, res as Response, () => {});
    });
  useRequestId(app, logger);
  app.use(setSecurityHeaders(security));
  app.use(corsPolicy.middleware);
  // Answers compressed for clients that accept it (ADR 21): the API's at the fastest levels, the web app's
  // files (below) at the usual ones.
  app.use('/api', compress.api);
  app.use(healthRouter(services));
  app.use(noPublicMetrics());
  app.use(apiDocsRouter());
  app.use(devSmsRouter(config.SMS_SANDBOX_URL, pages));
  app.use(devMailRouter(config.MAIL_SANDBOX_URL, pages));
  app.use(devPushRouter(config.PUSH_SANDBOX_URL, pages));
  app.use('/api', apiHandler({ config, services, rateLimiter, keys, revocations, proxyFor }));
  app.use('/sandbox/stripe', stripeSandboxPages(proxyFor, pages));
  app.use(compress.files, webAppRouter(config.WEB_DIST));
  app.use((req, res) => send(res, 404, `Not found: ${req.path}`, 'GATEWAY.NOT_FOUND'));
  app.use(errorMiddleware(logger));
  return app;
}
