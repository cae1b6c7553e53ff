import { Router, type Request } from 'express';
import { httpMetrics } from '@brigade/kit';
import { send } from './respond';
import { GATEWAY_OWN_PATHS, matchRoute, type RouteRule } from './routes';

const names = new WeakMap<RouteRule, string>();

/** A route rule's pattern as people read it: `^\/ops\/users\/[^/]+$` is `/ops/users/:id`. */
export function ruleName(rule: RouteRule): string {
  let name = names.get(rule);
  if (!name) {
    name = rule.pattern.source
      .replace(/^\^/, '')
      .replace(/\$$/, '')
      .replace(/\(\\\/\|\$\)$/, '/*')
      .replace(/\\\/$/, '/*')
      .replace(/\[\^\/\]\+/g, ':id')
      .replace(/\\(.)/g, '$1');
    names.set(rule, name);
  }
  return name;
}

/** The gateway's route label: the route table's rule for `/api/*`, its own paths, else the web app. */
export function gatewayRoute(req: Request): string {
  const path = req.originalUrl.split('?')[0];
  if (path.startsWith('/api/')) {
    const apiPath = path.slice(4);
    if (GATEWAY_OWN_PATHS.includes(apiPath)) return path;
    const rule = matchRoute(req.method, apiPath);
    return rule ? `/api${ruleName(rule)}` : '/api/(no route)';
  }
  if (['/health', '/ready', '/healthz', '/readyz'].includes(path)) return path;
  if (path.startsWith('/sandbox/')) return '/sandbox/*';
  return '(web app)';
}

/** `http_request_duration_seconds` of the gateway, by its route table (measured only with METRICS_PORT). */
export const gatewayMetrics = () => httpMetrics('gateway', gatewayRoute);

/**
 * Metrics are never served on the public port: `/metrics` is a plain 404 here (not the web app's page), and
 * the process's metrics are on METRICS_PORT, which the Ingress does not reach.
 */
export function noPublicMetrics(): Router {
  const router = Router();
  router.all('/metrics', (_req, res) => send(res, 404, 'Not found: /metrics', 'GATEWAY.NOT_FOUND'));
  return router;
}
