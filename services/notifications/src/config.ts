import {
  baseConfigSchema,
  delays,
  envFlag,
  loadConfig,
  mailSettings,
  optionalText,
  optionalUrl,
  requireProviderOrSandbox,
  requireSandboxSettings,
} from '@brigade/kit';
import { loadPolicy, POLICY_ENV, PolicyError, type Policy } from '@brigade/contracts';
import { z } from 'zod';

/** The policy's variables, read as text here and parsed by `loadPolicy` (which names a bad one). */
const policyEnv = Object.fromEntries(Object.keys(POLICY_ENV).map((name) => [name, optionalText])) as Record<
  keyof typeof POLICY_ENV,
  typeof optionalText
>;

const policyOf = (c: Record<keyof typeof POLICY_ENV, string | undefined>): Readonly<Policy> =>
  loadPolicy(Object.fromEntries(Object.keys(POLICY_ENV).map((k) => [k, c[k as keyof typeof POLICY_ENV]])));

export const notificationsConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4005),
    /**
     * Twilio: all three set = real SMS through the official SDK. None set = the SMS sandbox (`sandboxes/sms`),
     * only when asked for with SMS_SANDBOX=1 (the embedded default sets it): the same SDK with the sandbox's
     * credentials at TWILIO_API_BASE_URL, which is then required.
     */
    TWILIO_ACCOUNT_SID: optionalText,
    TWILIO_AUTH_TOKEN: optionalText,
    TWILIO_FROM_NUMBER: optionalText,
    SMS_SANDBOX: envFlag,
    /** Where the Twilio SDK sends its requests: the SMS sandbox (http://sms-sandbox:4011), a stand-in. Default: Twilio. */
    TWILIO_API_BASE_URL: optionalUrl,
    /** Per Twilio request: a send that takes longer is abandoned and retried after the backoff. */
    TWILIO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** How often the scheduler looks for due reminders and queued texts. */
    NOTIFICATIONS_POLL_MS: z.coerce.number().int().min(5).max(60_000).default(1000),
    /**
     * The token the SMS sandbox signs its webhooks with (X-Twilio-Signature), when texts go through the sandbox
     * (no Twilio keys): the embedded runner hands over the sandbox's own. With Twilio keys, TWILIO_AUTH_TOKEN signs.
     */
    SMS_SANDBOX_AUTH_TOKEN: optionalText,
    /** After this many failed or undelivered texts in a row to one person, their texts fall back to push and email. */
    SMS_FAILURES_BEFORE_FALLBACK: z.coerce.number().int().min(1).max(100).default(3),
    /** Backoff between SMS attempts; after the last one the text is marked failed (attempts = delays + 1). */
    SMS_RETRY_DELAYS_MS: delays('30000,120000,600000'),
    /**
     * Issue 40: email. The mail server (smtp://, smtps://) notifications' emails go through, and who they are
     * from; unset: no email (the embedded default sets the mail sandbox's).
     */
    ...mailSettings,
    /** Backoff between attempts of an email (and a push); after the last it is marked failed. */
    DELIVERY_RETRY_DELAYS_MS: delays('30000,120000,600000'),
    /** The key of the unsubscribe links; unset: one made at random and kept in notifications' database. */
    UNSUBSCRIBE_SECRET: optionalText,
    /**
     * Issue 40: Web Push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints them), both or
     * neither; neither: a pair made once and kept in notifications' database (every replica uses the same).
     */
    VAPID_PUBLIC_KEY: optionalText,
    VAPID_PRIVATE_KEY: optionalText,
    /** The contact push services see in each VAPID token (mailto: or https:); unset: mailto: MAIL_FROM's address. */
    VAPID_SUBJECT: optionalText,
    /** Per push request: a push service slower than this is abandoned and the push retried after the backoff. */
    PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /** The push services a subscription's endpoint may be on (host names; `*.` any subdomain), comma-separated. */
    PUSH_ENDPOINT_HOSTS: z
      .string()
      .default(
        'fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com,*.push.apple.com',
      )
      .transform((v) =>
        v
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** The push sandbox (sandboxes/push): endpoints on its host are allowed too, over http as well. */
    PUSH_SANDBOX_URL: optionalUrl,
    /**
     * The money rules (contracts/src/policy.ts): LATE_CANCEL_WINDOW and CANCELLATION_PAY_HOURS are cited in the
     * cancellation texts, CHECKOUT_DEADLINE and CHECKOUT_REMINDERS time the checkout reminders.
     */
    ...policyEnv,
  })
  .superRefine((c, ctx) =>
    requireProviderOrSandbox(c, ctx, {
      provider: 'the texts notifications sends (Twilio)',
      keys: {
        TWILIO_ACCOUNT_SID: c.TWILIO_ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: c.TWILIO_AUTH_TOKEN,
        TWILIO_FROM_NUMBER: c.TWILIO_FROM_NUMBER,
      },
      sandboxFlag: 'SMS_SANDBOX',
      sandboxChosen: c.SMS_SANDBOX,
      sandboxShows: 'texts shown at /api/dev/sms',
    }),
  )
  .superRefine((c, ctx) => {
    if (!c.VAPID_PUBLIC_KEY !== !c.VAPID_PRIVATE_KEY)
      ctx.addIssue({
        code: 'custom',
        path: [c.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither (a pair is kept)',
      });
    if (c.VAPID_SUBJECT && !/^(mailto:|https:\/\/)\S+$/.test(c.VAPID_SUBJECT))
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_SUBJECT'],
        message: 'VAPID_SUBJECT must be a mailto: address or an https: URL',
      });
  })
  .superRefine((c, ctx) => {
    try {
      policyOf(c);
    } catch (err) {
      if (!(err instanceof PolicyError)) throw err;
      ctx.addIssue({ code: 'custom', path: [err.message.split(' ')[0]], message: err.message });
    }
  })
  .transform((c) => ({ ...c, policy: policyOf(c) }));

export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

/** The credentials the SDK presents to the SMS sandbox without Twilio keys (the sandbox takes any by default). */
export const SMS_SANDBOX_CREDENTIALS = {
  accountSid: `AC${'0'.repeat(32)}`,
  authToken: 'sms-sandbox',
  from: '+15005550006',
};

/**
 * Twilio's settings: its keys, or with SMS_SANDBOX=1 and none the sandbox's credentials at its address (checked
 * when the service is built: the embedded runner gives the address once the sandbox listens).
 */
export function smsProvider(config: Readonly<NotificationsConfig>) {
  const common = { apiBaseUrl: config.TWILIO_API_BASE_URL, timeoutMs: config.TWILIO_TIMEOUT_MS };
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM_NUMBER)
    return {
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      from: config.TWILIO_FROM_NUMBER,
      provider: 'twilio' as const,
      ...common,
    };
  requireSandboxSettings({
    service: 'notifications',
    because: 'SMS_SANDBOX=1 without Twilio keys texts through the SMS sandbox',
    settings: {
      TWILIO_API_BASE_URL: {
        value: config.TWILIO_API_BASE_URL,
        is: 'its address, e.g. http://sms-sandbox:4011',
      },
    },
  });
  return { ...SMS_SANDBOX_CREDENTIALS, provider: 'sandbox' as const, ...common };
}

/**
 * The token Twilio's webhooks are signed with (X-Twilio-Signature): the account's TWILIO_AUTH_TOKEN with Twilio
 * keys, else the SMS sandbox's (SMS_SANDBOX_AUTH_TOKEN). None: every webhook is refused (nothing can sign it).
 */
export function webhookToken(config: Readonly<NotificationsConfig>): string | null {
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM_NUMBER)
    return config.TWILIO_AUTH_TOKEN;
  return config.SMS_SANDBOX_AUTH_TOKEN ?? null;
}

/** The contact in VAPID tokens: VAPID_SUBJECT, else mailto: the address MAIL_FROM sends from. */
export function vapidSubject(config: Readonly<NotificationsConfig>): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const from = config.MAIL_FROM?.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ?? config.MAIL_FROM?.trim();
  return `mailto:${from && /^[^\s@<>]+@[^\s@<>]+$/.test(from) ? from : 'support@brigade.local'}`;
}

/** The address Twilio posts each text's delivery status to: the public URL, through the gateway's `/api`. */
export const statusCallbackUrl = (config: Readonly<NotificationsConfig>) =>
  `${config.PUBLIC_URL.replace(/\/$/, '')}/api/notifications/twilio/status`;

export function loadNotificationsConfig(env: NodeJS.ProcessEnv = process.env): Readonly<NotificationsConfig> {
  return loadConfig(
    notificationsConfigSchema as unknown as z.ZodObject<z.ZodRawShape>,
    env,
  ) as Readonly<NotificationsConfig>;
}
