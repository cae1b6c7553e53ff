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
];
