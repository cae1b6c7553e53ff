import { z } from 'zod';
import type { RouteDoc } from '../common';

// Issue 40: the push sandbox's outbox as the gateway answers it (`GET /api/dev/push`), in the embedded default or
// with PUSH_SANDBOX=1; never in production.

export const DevPush = z
  .object({
    /** The subscription's endpoint (on the push sandbox). */
    endpoint: z.string(),
    /** What the service worker reads (`event.data.text()`), decrypted; null when it could not be. */
    payload: z.string().nullable(),
    ttl: z.number().int(),
    urgency: z.string(),
    received_at: z.string(),
  })
  .meta({ id: 'DevPush' });
export const DevPushQuery = z.object({
  /** Only pushes to this subscription endpoint. */
  endpoint: z.string().trim().max(2048).optional(),
  limit: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z.number().int().min(1).max(500),
    )
    .optional(),
});
export const DevPushResponse = z.object({ pushes: z.array(DevPush) }).meta({ id: 'DevPushResponse' });

export const devPushRoutes: RouteDoc[] = [
  {
    method: 'get',
    path: '/dev/push',
    summary:
      "Sandbox only: the push sandbox's outbox, every Web Push that would have reached a browser, decrypted, newest first (answered by the gateway)",
    auth: 'public',
    query: DevPushQuery,
    response: DevPushResponse,
  },
];
