import { z } from 'zod';
import { identityHttp, LIMITS, parseDuration } from '@brigade/contracts';
import {
  baseConfigSchema,
  envFlag,
  loadConfig,
  optionalText,
  requireProviderOrSandbox,
  requireSandboxSettings,
} from '@brigade/kit';

/** A duration such as `12h`, `30m` or `60s` -> milliseconds, between `min` and `max`. */
const durationMs = (name: string, fallback: string, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const ms = parseDuration(v?.trim() || fallback);
      if (ms === null || ms < min || ms > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a duration like 12h, 30m or 60s, from ${min / 1000}s to ${max / 86_400_000}d (got "${v}")`,
        });
        return z.NEVER;
      }
      return ms;
    });

export const identityConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4001),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    VERIFICATION_CODE_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
    /**
     * With all three set, codes go through Twilio Verify. With none, the SMS sandbox (`sandboxes/sms`), only when
     * asked for with SMS_SANDBOX=1 (the embedded default sets it): the same SDK with the sandbox's credentials at
     * TWILIO_VERIFY_API_BASE_URL, which is then required. Neither: identity refuses to start.
     */
    TWILIO_ACCOUNT_SID: optionalText,
    TWILIO_AUTH_TOKEN: optionalText,
    TWILIO_VERIFY_SERVICE_SID: optionalText,
    /** Override of https://verify.twilio.com: the SMS sandbox's address (http://sms-sandbox:4011), or a stand-in. */
    TWILIO_VERIFY_API_BASE_URL: optionalText,
    /** Per Twilio Verify request: the person waits on the verification screen. */
    TWILIO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    SMS_SANDBOX: envFlag,
    /** Chef search answers kept per identity process (ADR 16); 0 turns keeping them off. */
    CHEF_SEARCH_ANSWERS: z.coerce.number().int().min(0).max(100_000).default(500),
    /** Argon2 cost; lower only in tests. */
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19_456),
    /**
     * The platform team's operator (issue 17), created at start when missing, its password updated when it
     * changed. Both or neither. More operators: `npm run operator -- add <email>`.
     */
    OPERATOR_EMAIL: optionalText.pipe(identityHttp.SigninRequest.shape.email.optional()),
    /**
     * How long an operator's session lasts from sign-in (issue 33): refreshing never carries it further, and no
     * access token outlives it. Members keep REFRESH_TOKEN_TTL_DAYS.
     */
    OPERATOR_SESSION_TTL: durationMs('OPERATOR_SESSION_TTL', '12h', 10_000, 30 * 86_400_000),
    /** Every operator signs in with an authenticator app's code too (issue 33); optional for each without it. */
    OPERATOR_REQUIRE_TOTP: envFlag,
    OPERATOR_PASSWORD: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(
        z
          .string()
          .min(LIMITS.passwordMin, `OPERATOR_PASSWORD needs at least ${LIMITS.passwordMin} characters`)
          .max(256)
          .optional(),
      ),
  })
  .superRefine((c, ctx) => {
    if (c.OPERATOR_EMAIL && !c.OPERATOR_PASSWORD)
      ctx.addIssue({
        code: 'custom',
        path: ['OPERATOR_PASSWORD'],
        message: 'OPERATOR_EMAIL is set: set OPERATOR_PASSWORD too (the operator signs in with it)',
      });
    if (c.OPERATOR_PASSWORD && !c.OPERATOR_EMAIL)
      ctx.addIssue({
        code: 'custom',
        path: ['OPERATOR_EMAIL'],
        message: 'OPERATOR_PASSWORD is set: set OPERATOR_EMAIL too (the operator it belongs to)',
      });
  })
  .superRefine((c, ctx) =>
    requireProviderOrSandbox(c, ctx, {
      provider: "identity's Twilio Verify (phone codes)",
      keys: {
        TWILIO_ACCOUNT_SID: c.TWILIO_ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: c.TWILIO_AUTH_TOKEN,
        TWILIO_VERIFY_SERVICE_SID: c.TWILIO_VERIFY_SERVICE_SID,
      },
      sandboxFlag: 'SMS_SANDBOX',
      sandboxChosen: c.SMS_SANDBOX,
      sandboxShows: 'codes shown at /api/dev/sms',
    }),
  );
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

/** The credentials the SDK presents to the SMS sandbox without Twilio keys (the sandbox takes any by default). */
export const SMS_SANDBOX_CREDENTIALS = {
  accountSid: `AC${'0'.repeat(32)}`,
  authToken: 'sms-sandbox',
  serviceSid: `VA${'0'.repeat(32)}`,
};

/**
 * Twilio Verify's settings: Twilio's keys, or with SMS_SANDBOX=1 and none the sandbox's credentials at its address
 * (checked when the service is built: the embedded runner gives the address once the sandbox listens).
 */
export function verifyProvider(config: IdentityConfig) {
  const common = { apiBaseUrl: config.TWILIO_VERIFY_API_BASE_URL, timeoutMs: config.TWILIO_TIMEOUT_MS };
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_VERIFY_SERVICE_SID)
    return {
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      serviceSid: config.TWILIO_VERIFY_SERVICE_SID,
      ...common,
    };
  requireSandboxSettings({
    service: 'identity',
    because: 'SMS_SANDBOX=1 without Twilio keys texts through the SMS sandbox',
    settings: {
      TWILIO_VERIFY_API_BASE_URL: {
        value: config.TWILIO_VERIFY_API_BASE_URL,
        is: 'its address, e.g. http://sms-sandbox:4011',
      },
    },
  });
  return { ...SMS_SANDBOX_CREDENTIALS, ...common };
}

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return loadConfig(identityConfigSchema, env);
}
