import { baseConfigSchema, loadConfig } from '@brigade/kit';
import { z } from 'zod';

export const jobsConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  /** How often the outbox relay looks for unpublished events when nothing kicked it. */
  JOBS_RELAY_POLL_MS: z.coerce.number().int().positive().default(200),
});
export type JobsConfig = z.infer<typeof jobsConfigSchema>;

export function loadJobsConfig(env: NodeJS.ProcessEnv = process.env): Readonly<JobsConfig> {
  return loadConfig(jobsConfigSchema, env);
}
