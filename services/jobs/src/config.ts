import { loadPolicy, PolicyError, type Policy } from '@brigade/contracts';
import { baseConfigSchema, ConfigError, DEFAULT_RELAY_POLL_MS, loadConfig } from '@brigade/kit';
import { z } from 'zod';

export const jobsConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  /** How often the outbox relay looks for unpublished events when nothing kicked it. */
  JOBS_RELAY_POLL_MS: z.coerce.number().int().positive().default(DEFAULT_RELAY_POLL_MS),
  /**
   * How often the rules loop looks for shifts that expire (nobody confirmed by the start) and filled shifts
   * whose checkout deadline passed. Each rule fires within this much (plus a pass) of its moment.
   */
  JOBS_RULES_POLL_MS: z.coerce.number().int().min(5).max(60_000).default(5000),
  /**
   * Issue 37: how long one minute of a restaurant's roster-first window lasts (a minute; suites that watch a
   * window end through the whole product shorten it, as they shorten the policy's durations).
   */
  JOBS_ROSTER_MINUTE_MS: z.coerce.number().int().min(10).max(60_000).default(60_000),
});

/** The environment's settings plus the money rules (LATE_CANCEL_WINDOW, CHECKOUT_DEADLINE, ...). */
export type JobsConfig = z.infer<typeof jobsConfigSchema> & { policy: Policy };

export function loadJobsConfig(env: NodeJS.ProcessEnv = process.env): Readonly<JobsConfig> {
  const config = loadConfig(jobsConfigSchema, env);
  let policy: Policy;
  try {
    policy = loadPolicy(env);
  } catch (err) {
    if (err instanceof PolicyError) throw new ConfigError(`Invalid configuration:\n  ${err.message}`);
    throw err;
  }
  return Object.freeze({ ...config, policy });
}
