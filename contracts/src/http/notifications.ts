import { z } from 'zod';
import type { RouteDoc } from '../common';
import {
  DELIVERY_CHANNELS,
  NOTIFICATION_TYPES,
  type DeliveryChannel,
  type NotificationType,
} from '../channels';

// ---------- channels per type (issue 40: the settings table) ----------
const Switches = z
  .object({ sms: z.boolean(), push: z.boolean(), email: z.boolean() })
  .meta({ id: 'ChannelSwitches' });
/** Every type's switches (the person's, or the defaults for a type they never set). */
export const ChannelPreferences = z
  .object(
    Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, Switches])) as Record<
      NotificationType,
      typeof Switches
    >,
  )
  .meta({ id: 'ChannelPreferences' });

const SwitchChange = z.strictObject(
  Object.fromEntries(
    DELIVERY_CHANNELS.map((c) => [c, z.boolean({ error: `${c} must be true or false` }).optional()]),
  ) as Record<DeliveryChannel, z.ZodOptional<z.ZodBoolean>>,
  { error: 'A channel is one of sms, push, email (the inbox is always on)' },
);
/** Some types' switches to change: an unknown type or channel is refused. */
export const ChannelChanges = z.strictObject(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, SwitchChange.optional()])) as Record<
    NotificationType,
    z.ZodOptional<typeof SwitchChange>
  >,
  { error: `A notification type is one of ${NOTIFICATION_TYPES.join(', ')}` },
);

// ---------- preferences (the settings screen's Notifications tab) ----------
export const NotificationPreferences = z
  .object({
    /** Master switch: no texts at all when off. */
    sms_notifications: z.boolean(),
    /** Job Reminders (1 hour before shifts). */
    job_reminders: z.boolean(),
    rating_reminders: z.boolean(),
    /** Issue 40: per type, by SMS, push and email (the inbox always has every notification). */
    channels: ChannelPreferences,
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

const Toggle = (name: string) => z.boolean({ error: `${name} must be true or false` }).optional();

/** Any subset of the three toggles and of the channels; the others keep their value. */
export const UpdatePreferencesRequest = z
  .object({
    sms_notifications: Toggle('sms_notifications'),
    job_reminders: Toggle('job_reminders'),
    rating_reminders: Toggle('rating_reminders'),
    channels: ChannelChanges.optional(),
  })
  .refine(
    (b) =>
      b.sms_notifications !== undefined ||
      b.job_reminders !== undefined ||
      b.rating_reminders !== undefined ||
      b.channels !== undefined,
    {
      message: 'Send at least one of sms_notifications, job_reminders, rating_reminders, channels',
    },
  )
  .meta({ id: 'UpdateNotificationPreferencesRequest' });
export type UpdatePreferencesRequest = z.infer<typeof UpdatePreferencesRequest>;

// ---------- the in-app inbox (issue 40) ----------
export const InboxEntry = z
  .object({
    id: z.uuid(),
    type: z.enum(NOTIFICATION_TYPES),
    /** What was sent, in the reader's language as it is now. */
    text: z.string(),
    /** The web app's page it is about (a job, a thread, a statement, one's record), when it is about one. */
    link: z.string().nullable(),
    created_at: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'InboxEntry' });
export type InboxEntry = z.infer<typeof InboxEntry>;

export const INBOX_PAGE_MAX = 50;
const Count = (name: string, max: number) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number({ error: `${name} must be a whole number from 1 to ${max}` })
        .int()
        .min(1)
        .max(max),
    )
    .optional();
export const InboxQuery = z.object({
  limit: Count('limit', INBOX_PAGE_MAX),
  /** The next page: entries older than this one (the previous page's `next`). */
  before: z.uuid({ error: 'before must be an inbox entry id' }).optional(),
});
export const InboxPage = z
  .object({
    notifications: z.array(InboxEntry),
    unread: z.number().int(),
    /** The `before` of the next page, or null on the last one. */
    next: z.uuid().nullable(),
  })
  .meta({ id: 'InboxPage' });
export type InboxPage = z.infer<typeof InboxPage>;
export const UnreadCount = z.object({ unread: z.number().int() }).meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof UnreadCount>;

// ---------- email's one-click unsubscribe (issue 40, RFC 8058) ----------
export const UnsubscribeQuery = z.object({
  token: z.string({ error: 'token is required' }).min(10, 'token is not an unsubscribe token').max(300),
});
export const UnsubscribeResponse = z
  .object({
    /** The type whose emails are now off. */
    type: z.enum(NOTIFICATION_TYPES),
    email: z.literal(false),
  })
  .meta({ id: 'UnsubscribeResponse' });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;

// ---------- Web Push (issue 40) ----------
export const PushKeyResponse = z
  .object({
    /** The VAPID public key (base64url, 65-byte P-256 point): PushManager.subscribe's `applicationServerKey`. */
    public_key: z.string(),
  })
  .meta({ id: 'PushKeyResponse' });
export type PushKeyResponse = z.infer<typeof PushKeyResponse>;

const PushEndpoint = z
  .url({ protocol: /^https?$/, error: 'endpoint must be the https URL of a push service' })
  .max(2048, 'endpoint is at most 2048 characters');

/** The browser's `PushSubscription.toJSON()` as it comes (other members are ignored). */
export const PushSubscriptionRequest = z
  .object({
    endpoint: PushEndpoint,
    /** Milliseconds since the epoch when the browser says it ends, or null. */
    expirationTime: z.number({ error: 'expirationTime must be a number or null' }).nullable().optional(),
    keys: z.object(
      {
        /** The browser's ECDH P-256 public key, uncompressed (65 bytes), base64url. */
        p256dh: z
          .string({ error: 'keys.p256dh is required' })
          .max(88)
          .regex(/^B[A-Za-z0-9_-]{86}=?$/, 'keys.p256dh must be a base64url P-256 public key (65 bytes)'),
        /** The 16-byte auth secret, base64url. */
        auth: z
          .string({ error: 'keys.auth is required' })
          .max(24)
          .regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'keys.auth must be 16 bytes in base64url'),
      },
      { error: 'keys must be { p256dh, auth }' },
    ),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequest>;

export const PushSubscriptionResponse = z
  .object({ endpoint: z.string(), expirationTime: z.number().nullable() })
  .meta({ id: 'PushSubscriptionResponse' });
export type PushSubscriptionResponse = z.infer<typeof PushSubscriptionResponse>;

export const PushUnsubscribeRequest = z
  .object({ endpoint: z.string({ error: 'endpoint is required' }).min(1).max(2048) })
  .meta({ id: 'PushUnsubscribeRequest' });
export type PushUnsubscribeRequest = z.infer<typeof PushUnsubscribeRequest>;

/**
 * What a push carries (the service worker's `event.data.json()`): no personal data, only a title by type and
 * language, a generic line, and the page to open (a path of the web app, `/inbox` when it is about no page).
 */
export const PushPayload = z
  .object({
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    body: z.string(),
    url: z.string().startsWith('/'),
  })
  .meta({ id: 'PushPayload' });
export type PushPayload = z.infer<typeof PushPayload>;

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
    summary: 'The three notification toggles (all on by default) and the channels per type',
    auth: 'user',
    response: NotificationPreferences,
  },
  {
    method: 'put',
    path: '/notifications/preferences',
    summary: 'Save notification toggles and channel switches (any subset; an unknown type is 400)',
    auth: 'user',
    body: UpdatePreferencesRequest,
    response: NotificationPreferences,
  },
  {
    method: 'get',
    path: '/notifications',
    summary: "The signed-in person's inbox: every notification sent to them, newest first, in their language",
    auth: 'user',
    query: InboxQuery,
    response: InboxPage,
    conditional: true,
  },
  {
    method: 'get',
    path: '/notifications/unread-count',
    summary: 'How many inbox entries are unread (the bell)',
    auth: 'user',
    response: UnreadCount,
    conditional: true,
  },
  {
    method: 'post',
    path: '/notifications/{id}/read',
    summary: "Mark one of one's own inbox entries read (again: no change)",
    auth: 'user',
    response: UnreadCount,
  },
  {
    method: 'post',
    path: '/notifications/read-all',
    summary: 'Mark every inbox entry read',
    auth: 'user',
    response: UnreadCount,
  },
  {
    method: 'get',
    path: '/notifications/push/key',
    summary: "The VAPID public key a browser subscribes with (PushManager's applicationServerKey)",
    auth: 'user',
    response: PushKeyResponse,
  },
  {
    method: 'post',
    path: '/notifications/push/subscriptions',
    summary:
      "Keep the browser's push subscription (PushSubscription.toJSON()) for the signed-in person; the same endpoint again moves it to them. A push service not on PUSH_ENDPOINT_HOSTS is 400 NOTIFICATIONS.PUSH_ENDPOINT_NOT_ALLOWED",
    auth: 'user',
    body: PushSubscriptionRequest,
    response: PushSubscriptionResponse,
    status: 201,
  },
  {
    method: 'delete',
    path: '/notifications/push/subscriptions',
    summary:
      "Remove one's own push subscription by its endpoint (before signing out); 204, or 404 when it is not one's own",
    auth: 'user',
    body: PushUnsubscribeRequest,
    status: 204,
  },
  {
    method: 'get',
    path: '/notifications/unsubscribe',
    summary:
      "An email's unsubscribe link: that type's email off for the person the signed token names (no session needed; a session of someone else is 403)",
    auth: 'public',
    query: UnsubscribeQuery,
    response: UnsubscribeResponse,
  },
  {
    method: 'post',
    path: '/notifications/unsubscribe',
    summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post), the same as the GET',
    auth: 'public',
    query: UnsubscribeQuery,
    response: UnsubscribeResponse,
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
