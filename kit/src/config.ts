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
export function loadConfig<S extends z.ZodObject<any>>(
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

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.string().url().optional());

/** Settings every service shares. Each service extends this with its own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(0),
  HOST: z.string().default('0.0.0.0'),
  /** postgres://user@host:port/name: each service uses the database `<name>_<service>` on that server. */
  DATABASE_URL: optionalUrl,
  AMQP_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  /** Where services fetch the public keys that sign access tokens. */
  JWKS_URL: optionalUrl,
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  /** Prefix for the RabbitMQ exchange and queues (several Brigade stacks on one broker; tests). */
  BUS_NAMESPACE: z
    .string()
    .regex(/^[\w.-]*$/)
    .optional(),
  EVENT_RETRY_DELAYS_MS: z
    .string()
    .default('1000,5000,30000')
    .transform((v) => v.split(',').map((n) => Number(n.trim())))
    .pipe(z.array(z.number().int().positive()).min(1)),
  /** The public origin of the web app (links in SMS, Stripe return urls, CORS). */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;
