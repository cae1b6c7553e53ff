import { baseConfigSchema, envFlag, loadConfig, requireProviderOrSandbox } from '@brigade/kit';
import { z } from 'zod';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const delays = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) => v.split(',').map((n) => Number(n.trim())))
    .pipe(z.array(z.number().int().positive()).min(1));

export const notificationsConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4005),
    /**
     * Twilio: all three set = real SMS through the official SDK. None set = the sandbox outbox, only when asked
     * for with SMS_SANDBOX=1 (the embedded default sets it; `/dev/sms` is not served in production).
     */
    TWILIO_ACCOUNT_SID: optional,
    TWILIO_AUTH_TOKEN: optional,
    TWILIO_FROM_NUMBER: optional,
    SMS_SANDBOX: envFlag,
    /** Where the Twilio SDK sends its requests (tests point it at a local stand-in). Default: Twilio itself. */
    TWILIO_API_BASE_URL: optional.pipe(z.string().url().optional()),
    /** Per Twilio request: a send that takes longer is abandoned and retried after the backoff. */
    TWILIO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** How often the scheduler looks for due reminders and queued texts. */
    NOTIFICATIONS_POLL_MS: z.coerce.number().int().min(5).max(60_000).default(1000),
    /** Backoff between SMS attempts; after the last one the text is marked failed (attempts = delays + 1). */
    SMS_RETRY_DELAYS_MS: delays('30000,120000,600000'),
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
  );

export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

export function loadNotificationsConfig(env: NodeJS.ProcessEnv = process.env): Readonly<NotificationsConfig> {
  return loadConfig(
    notificationsConfigSchema as unknown as z.ZodObject<any>,
    env,
  ) as Readonly<NotificationsConfig>;
}
