import { z } from 'zod';
import { baseConfigSchema, loadConfig, optionalUrl } from '@brigade/kit';

export const gatewayConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  IDENTITY_URL: optionalUrl,
  JOBS_URL: optionalUrl,
  PAYMENTS_URL: optionalUrl,
  MESSAGING_URL: optionalUrl,
  NOTIFICATIONS_URL: optionalUrl,
  /** The Stripe sandbox (sandboxes/stripe) whose browser pages `/sandbox/stripe` shows; unset: none (404). */
  STRIPE_SANDBOX_URL: optionalUrl,
  /** The SMS sandbox (sandboxes/sms) whose outbox `/api/dev/sms` and `/dev/sms` show; unset: none (404). */
  SMS_SANDBOX_URL: optionalUrl,
  /** The mail sandbox (sandboxes/mail) whose outbox `/api/dev/mail` shows; unset: none (404). */
  MAIL_SANDBOX_URL: optionalUrl,
  /** The push sandbox (sandboxes/push) whose outbox `/api/dev/push` shows; unset: none (404). */
  PUSH_SANDBOX_URL: optionalUrl,
  /** Built web app to serve on the same origin. */
  WEB_DIST: z.string().optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Requests a signed-in user may make per minute across the API (polling included). */
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /**
   * With Redis: how often the gateway sends the rate-limit hits it counted itself, in one script call for
   * every key (a key near its limit is counted in Redis hit by hit). It bounds how far other instances' hits
   * can lag, so how far a user can go over a large limit across instances. `0`: every hit is counted in
   * Redis, one script call each.
   */
  RATE_LIMIT_FLUSH_MS: z.coerce.number().int().min(0).max(1000).default(50),
  /**
   * Which hops may set X-Forwarded-For (express "trust proxy"): only loopback by default, so a client cannot
   * pick its own address for the per-address rate limits. Behind a load balancer, name its addresses.
   */
  TRUST_PROXY: z.string().default('loopback'),
  /**
   * Longest time the gateway answers a user's unchanged poll with 304 from the services' version stamps
   * without asking the service (the service may give less); 0 turns the shortcut off. It bounds how stale a
   * 304 can be if a stamp publish is lost.
   */
  REVALIDATE_MAX_AGE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /**
   * Keep the current body of lists the services mark shared (the chefs' open list with shared=1) and answer
   * their 200s here while the stamps hold (ADR 7). `0` turns it off (the bench measures both).
   */
  SHARED_BODIES: z
    .enum(['0', '1', 'false', 'true'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * The polled GETs (the lists the web client polls, each user's own) answered through the lean path: a
   * plain node:http forward piping the service's answer, not Express and http-proxy-middleware (ADR 17).
   * `0` turns it off (the bench measures both).
   */
  LEAN_PROXY: z
    .enum(['0', '1', 'false', 'true'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * Compress answers for clients that accept it (brotli or gzip, ADR 21): the API's and the web app's. `0`
   * leaves it to a proxy in front that compresses (no answer is compressed twice: one already encoded is
   * passed on as it is).
   */
  COMPRESSION: z
    .enum(['0', '1', 'false', 'true'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /** With real Stripe keys the CSP also allows Stripe.js. */
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, env);
}
