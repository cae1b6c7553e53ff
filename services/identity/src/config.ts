import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@brigade/kit';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

export const identityConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  VERIFICATION_CODE_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
  /** With all three set, codes go through Twilio Verify; otherwise the sandbox (codes in the dev outbox). */
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_VERIFY_SERVICE_SID: optional,
  /** Override of https://verify.twilio.com (tests: a local stand-in of the Verify API). */
  TWILIO_VERIFY_API_BASE_URL: optional,
  /** Per Twilio Verify request: the person waits on the verification screen. */
  TWILIO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Argon2 cost; lower only in tests. */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19_456),
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return loadConfig(identityConfigSchema, env);
}
