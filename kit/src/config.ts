import { z } from 'zod';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Parse the environment once with a zod schema and return a frozen, typed config. Fails fast at boot with
 * every problem listed, so a service never starts half-configured.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): Readonly<z.infer<S>> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return Object.freeze(result.data);
}

/** Optional text in the environment: trimmed; unset or blank is `undefined` (secrets, ids, paths). */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** An optional URL in the environment: trimmed; unset or blank is `undefined`, anything else must be a URL. */
export const optionalUrl = optionalText.pipe(z.string().url().optional());

/**
 * Issue 40: the mail settings of every service that sends email (kit's `createMailer`). SMTP_URL unset: no mail
 * goes out (the embedded default and MAIL_SANDBOX=1 point it at the mail sandbox).
 */
export const mailSettings = {
  /** The SMTP relay (`smtp://user:pass@host:587`, `smtps://...`). */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://...')
      .optional(),
  ),
  /** The sender of every mail: `Brigade <no-reply@example.com>`. */
  MAIL_FROM: z.string().min(3).max(200).default('Brigade <no-reply@brigade.local>'),
};

/** Comma-separated positive integers (backoff delays in ms), at least one; `fallback` when unset. */
export const delays = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) => v.split(',').map((n) => Number(n.trim())))
    .pipe(z.array(z.number().int().positive()).min(1));

/** An on/off switch in the environment: `1` is on; unset, empty or `0` is off (anything else is refused). */
export const envFlag = z
  .enum(['', '0', '1'], { error: 'Use 1 (on) or 0 (off)' })
  .optional()
  .transform((v) => v === '1');

/** Settings every service shares. Each service extends this with its own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(0),
  HOST: z.string().default('0.0.0.0'),
  /** postgres://user@host:port/name: each service uses the database `<name>_<service>` on that server. */
  DATABASE_URL: optionalUrl,
  /** Connections each process of a service keeps to its database (real mode). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  AMQP_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  /** Where services fetch the public keys that sign access tokens. */
  JWKS_URL: optionalUrl,
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  /** Prometheus metrics at `GET /metrics` on this port (a server of their own, never the public port); unset: off. */
  METRICS_PORT: optionalText
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(1).max(65535).optional()),
  /** Prefix for the RabbitMQ exchange and queues (several Brigade stacks on one broker; tests). */
  BUS_NAMESPACE: z
    .string()
    .regex(/^[\w.-]*$/)
    .optional(),
  EVENT_RETRY_DELAYS_MS: delays('1000,5000,30000'),
  /** The public origin of the web app (links in SMS, Stripe return urls, CORS). */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /**
   * NODE_ENV=production refuses to start on a provider's sandbox unless this is 1 (a staging stack on test
   * providers). Even then production never serves the sandboxes' pages: no SMS outbox, no Stripe test pages.
   */
  ALLOW_SANDBOX_PROVIDERS: envFlag,
  /**
   * A service's hot polled GETs answered by a plain node:http handler in front of Express (ADR 19), with the
   * same token check, query schema and answer. `0` turns it off (the bench measures both).
   */
  LEAN_GETS: z
    .enum(['0', '1', 'false', 'true'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

/**
 * Whether this process may serve a sandbox's pages (the SMS outbox `/dev/sms`, the Stripe emulator's browser
 * endpoints, fault injection): never under NODE_ENV=production, whatever else is set.
 */
export function servesSandboxPages(config: Pick<BaseConfig, 'NODE_ENV'>): boolean {
  return config.NODE_ENV !== 'production';
}

/**
 * Without a provider's keys a service reaches the provider's sandbox exactly as the provider, through the same
 * SDK, at settings only the runner knows (the embedded runner learns the sandbox's address once it listens): so
 * they are checked when the service is built, not at config load. Throws a ConfigError naming each missing
 * setting and what it is; `npm start` and docker compose's sandbox profile set them all.
 */
export function requireSandboxSettings(need: {
  /** The service, first word of the message: `payments`. */
  service: string;
  /** Why the sandbox answers, as an operator reads it: `without STRIPE_SECRET_KEY the Stripe sandbox answers`. */
  because: string;
  /** Each setting the sandbox needs: its value, and what it is (`its address, e.g. http://sms-sandbox:4011`). */
  settings: Record<string, { value: string | undefined; is: string }>;
}): void {
  const missing = Object.entries(need.settings)
    .filter(([, setting]) => !setting.value)
    .map(([name, setting]) => `${name} (${setting.is})`);
  if (missing.length === 0) return;
  throw new ConfigError(
    `${need.service}: ${need.because}: set ${missing.join(' and ')}. \`npm start\` and docker compose's ` +
      `sandbox profile set ${Object.keys(need.settings).length > 1 ? 'them' : 'it'}.`,
  );
}

/**
 * A provider is never swapped for its sandbox silently. Its keys come all together (the real provider) or not
 * at all; without them the sandbox must be asked for by name (`sandboxFlag`, which the embedded default sets),
 * and under NODE_ENV=production also allowed with ALLOW_SANDBOX_PROVIDERS=1. For a config schema's superRefine.
 */
export function requireProviderOrSandbox(
  config: Pick<BaseConfig, 'NODE_ENV' | 'ALLOW_SANDBOX_PROVIDERS'>,
  ctx: z.RefinementCtx,
  choice: {
    /** What the keys are for, as an operator reads it: `identity's Twilio Verify (phone codes)`. */
    provider: string;
    keys: Record<string, string | undefined>;
    sandboxFlag: string;
    sandboxChosen: boolean;
    /** Where the sandbox shows what it would have sent, for the message. */
    sandboxShows: string;
  },
): void {
  const names = Object.keys(choice.keys);
  const set = names.filter((k) => choice.keys[k]);
  const keys = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (set.length === names.length) return;
  if (set.length > 0)
    return issue(set[0], `Set ${keys} together for ${choice.provider} (or none of them for its sandbox)`);
  if (!choice.sandboxChosen)
    return issue(
      choice.sandboxFlag,
      `No provider for ${choice.provider}: set ${keys}, or ${choice.sandboxFlag}=1 for the sandbox (${choice.sandboxShows}, never in production)`,
    );
  if (config.NODE_ENV === 'production' && !config.ALLOW_SANDBOX_PROVIDERS)
    issue(
      choice.sandboxFlag,
      `NODE_ENV=production refuses the sandbox for ${choice.provider}: set ${keys}, or ALLOW_SANDBOX_PROVIDERS=1 to run on the sandbox anyway (its pages are never served in production)`,
    );
}
