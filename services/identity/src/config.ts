import { z } from 'zod';
import {
  identityHttp,
  LIMITS,
  loadPolicy,
  parseDuration,
  PolicyError,
  type Policy,
} from '@brigade/contracts';
import path from 'node:path';
import {
  baseConfigSchema,
  ConfigError,
  embeddedDataDir,
  envFlag,
  loadConfig,
  mailSettings,
  optionalText,
  optionalUrl,
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
    /**
     * Issue 39: credentials' files. With S3_ENDPOINT and S3_BUCKET (both or neither), an S3-compatible bucket
     * (path-style); without, files on disk in CREDENTIAL_FILES_DIR.
     */
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalText,
    S3_REGION: optionalText.transform((v) => v ?? 'us-east-1'),
    /** Where browsers reach the bucket, when not at S3_ENDPOINT (presigned URLs are signed for this address). */
    S3_PUBLIC_ENDPOINT: optionalUrl,
    /** Both or neither; neither: the SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, a role). */
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** The disk store's folder (without S3); default `.data/credential-files` beside the embedded database. */
    CREDENTIAL_FILES_DIR: optionalText,
    /**
     * Issue 40: email goes out through this SMTP relay (`smtp://user:pass@host:587`, `smtps://...`); the embedded
     * default (and MAIL_SANDBOX=1) points it at the mail sandbox. Unset: verification links wait, unsent, until
     * it is set (a warning at start).
     */
    SMTP_URL: mailSettings.SMTP_URL,
    /**
     * `1` (real mode): with no SMTP_URL, the embedded runner starts the mail sandbox (`sandboxes/mail`) and points
     * SMTP_URL at it (the embedded default always does); its outbox is shown at `/api/dev/mail`.
     */
    MAIL_SANDBOX: envFlag,
    /** The sender of every mail: `Brigade <no-reply@example.com>`. */
    MAIL_FROM: mailSettings.MAIL_FROM,
    /** How long an email verification link works, single use (`24h`). */
    EMAIL_VERIFY_TTL: durationMs('EMAIL_VERIFY_TTL', '24h', 60_000, 30 * 86_400_000),
    /** How often the email loop looks for verification mails due (a new link kicks it at once). */
    EMAIL_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
    /** How often identity looks for verified credentials to announce as expiring (CREDENTIAL_EXPIRY_NOTICE). */
    CREDENTIAL_SWEEP_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  })
  .superRefine((c, ctx) => {
    if (Boolean(c.S3_ENDPOINT) !== Boolean(c.S3_BUCKET))
      ctx.addIssue({
        code: 'custom',
        path: [c.S3_ENDPOINT ? 'S3_BUCKET' : 'S3_ENDPOINT'],
        message:
          'S3_ENDPOINT and S3_BUCKET go together: set both (an S3-compatible store) or neither (files on disk)',
      });
    if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY))
      ctx.addIssue({
        code: 'custom',
        path: [c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message:
          'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither (the AWS SDK chain)',
      });
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
/** The environment's settings plus the money rules (issue 38: the cancellation policy's words in dispute evidence). */
export type IdentityConfig = z.infer<typeof identityConfigSchema> & { policy: Policy };

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

/** Issue 39: where credentials' files are kept: the S3-compatible store's settings, or the disk folder. */
export function fileStoreSettings(config: IdentityConfig) {
  if (config.S3_ENDPOINT && config.S3_BUCKET)
    return {
      kind: 's3' as const,
      endpoint: config.S3_ENDPOINT,
      publicEndpoint: config.S3_PUBLIC_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
      timeoutMs: config.S3_TIMEOUT_MS,
    };
  return {
    kind: 'disk' as const,
    dir: path.resolve(
      config.CREDENTIAL_FILES_DIR ?? path.join(path.dirname(embeddedDataDir()), 'credential-files'),
    ),
  };
}

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const config = loadConfig(identityConfigSchema, env);
  try {
    return { ...config, policy: loadPolicy(env) };
  } catch (err) {
    if (err instanceof PolicyError) throw new ConfigError(`Invalid configuration:\n  ${err.message}`);
    throw err;
  }
}
