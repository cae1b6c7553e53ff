import { z } from 'zod';
import type { RouteDoc } from '../common';

// ---------- preferences (the settings screen's Notifications tab) ----------
export const NotificationPreferences = z
  .object({
    /** Master switch: no texts at all when off. */
    sms_notifications: z.boolean(),
    /** Job Reminders (1 hour before shifts). */
    job_reminders: z.boolean(),
    rating_reminders: z.boolean(),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

const Toggle = (name: string) => z.boolean({ error: `${name} must be true or false` }).optional();

/** Any subset of the three toggles; the others keep their value. */
export const UpdatePreferencesRequest = z
  .object({
    sms_notifications: Toggle('sms_notifications'),
    job_reminders: Toggle('job_reminders'),
    rating_reminders: Toggle('rating_reminders'),
  })
  .refine(
    (b) =>
      b.sms_notifications !== undefined || b.job_reminders !== undefined || b.rating_reminders !== undefined,
    {
      message: 'Send at least one of sms_notifications, job_reminders, rating_reminders',
    },
  )
  .meta({ id: 'UpdateNotificationPreferencesRequest' });
export type UpdatePreferencesRequest = z.infer<typeof UpdatePreferencesRequest>;

// ---------- dev outbox (sandbox only) ----------
export const DevSmsMessage = z.object({ to: z.string(), body: z.string(), sent_at: z.string() });
export const DevSmsQuery = z.object({
  /** Only texts to this number (E.164, e.g. +16125550100; an unencoded "+" that arrived as a space is restored). */
  to: z
    .string()
    .max(32)
    .transform((v) => v.trim())
    .transform((v) => (v && !v.startsWith('+') ? `+${v}` : v))
    .optional(),
  limit: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z.number().int().min(1).max(500),
    )
    .optional(),
});
export const DevSmsResponse = z.object({ messages: z.array(DevSmsMessage) }).meta({ id: 'DevSmsResponse' });

// ---------- Twilio's webhooks (issue 40): form-encoded as Twilio posts them, X-Twilio-Signature verified ----------
/** The fields of an incoming text notifications reads (Twilio sends more; they are kept out of the record). */
export const TwilioInboundForm = z
  .object({
    MessageSid: z.string().min(1).max(64),
    From: z.string().min(1).max(32),
    To: z.string().max(32).optional(),
    Body: z.string().max(1600).default(''),
    /** Set when Twilio's Advanced Opt-Out already answered the keyword itself (STOP, START, HELP). */
    OptOutType: z.string().max(16).optional(),
  })
  .meta({ id: 'TwilioInboundForm' });
export type TwilioInboundForm = z.infer<typeof TwilioInboundForm>;

/** Twilio's delivery statuses of an outgoing text, in the order they happen. */
export const TWILIO_MESSAGE_STATUSES = [
  'accepted',
  'scheduled',
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'read',
  'canceled',
] as const;

/** A status callback (`StatusCallback` of the message): the message's sid and its new status. */
export const TwilioStatusForm = z
  .object({
    MessageSid: z.string().min(1).max(64),
    MessageStatus: z.string().min(1).max(32),
    ErrorCode: z.string().max(16).optional(),
    To: z.string().max(32).optional(),
  })
  .meta({ id: 'TwilioStatusForm' });
export type TwilioStatusForm = z.infer<typeof TwilioStatusForm>;

/** Sandbox only: a reply texted to Brigade from `from`, as the SMS sandbox delivers it to the inbound webhook. */
export const DevSmsInboundRequest = z
  .object({
    from: z
      .string()
      .max(32)
      .trim()
      .regex(/^\+[1-9]\d{6,14}$/, 'from must be a phone number in E.164 form, like +16125550100'),
    body: z.string().max(1600, 'body is at most 1600 characters'),
  })
  .meta({ id: 'DevSmsInboundRequest' });
export const DevSmsInboundResponse = z
  .object({
    sid: z.string(),
    /** the status notifications answered the webhook with */
    status: z.number().int(),
    /** what Brigade texted back (TwiML `<Message>`), in the outbox too */
    replies: z.array(z.string()),
  })
  .meta({ id: 'DevSmsInboundResponse' });

export const notificationsRoutes: RouteDoc[] = [
  {
    method: 'get',
    path: '/notifications/preferences',
    summary: 'The three notification toggles (all on by default)',
    auth: 'user',
    response: NotificationPreferences,
  },
  {
    method: 'put',
    path: '/notifications/preferences',
    summary: 'Save notification toggles (any subset)',
    auth: 'user',
    body: UpdatePreferencesRequest,
    response: NotificationPreferences,
  },
  {
    method: 'get',
    path: '/dev/sms',
    summary:
      "Sandbox only (no Twilio credentials): the SMS sandbox's outbox, codes and texts, newest first (answered by the gateway)",
    auth: 'public',
    query: DevSmsQuery,
    response: DevSmsResponse,
  },
  {
    method: 'post',
    path: '/dev/sms/inbound',
    summary:
      'Sandbox only: text Brigade from a number (STOP, START, HELP...); the SMS sandbox posts it signed to the inbound webhook, as Twilio would',
    auth: 'public',
    body: DevSmsInboundRequest,
    response: DevSmsInboundResponse,
  },
  {
    method: 'post',
    path: '/notifications/twilio/inbound',
    summary:
      "Twilio's incoming-text webhook (X-Twilio-Signature verified, else 403): STOP/START/HELP in English and Spanish; answers TwiML (text/xml): an empty `<Response/>` or one `<Message>`",
    auth: 'public',
    bodyType: 'form',
    body: TwilioInboundForm,
  },
  {
    method: 'post',
    path: '/notifications/twilio/status',
    summary:
      "Twilio's delivery status callback (X-Twilio-Signature verified, else 403): marks the text delivered, failed or undelivered; answers an empty TwiML `<Response/>`",
    auth: 'public',
    bodyType: 'form',
    body: TwilioStatusForm,
  },
];
