import { z } from 'zod';
import type { RouteDoc } from '../common';

// Issue 40: the mail sandbox's outbox as the gateway answers it (`GET /api/dev/mail`), in the embedded default
// or with MAIL_SANDBOX=1; never in production.

export const DevMail = z
  .object({
    to: z.string(),
    from: z.string().nullable(),
    subject: z.string(),
    text: z.string().nullable(),
    html: z.string().nullable(),
    /** The mail's headers by lower-case name, as sent (`list-unsubscribe`, `list-unsubscribe-post`...). */
    headers: z.record(z.string(), z.string()),
    sent_at: z.string(),
  })
  .meta({ id: 'DevMail' });
export const DevMailQuery = z.object({
  /** Only mails to this address (any case). */
  to: z.string().trim().max(320).optional(),
  limit: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z.number().int().min(1).max(500),
    )
    .optional(),
});
export const DevMailResponse = z.object({ mails: z.array(DevMail) }).meta({ id: 'DevMailResponse' });

export const devMailRoutes: RouteDoc[] = [
  {
    method: 'get',
    path: '/dev/mail',
    summary:
      "Sandbox only (no SMTP_URL): the mail sandbox's outbox, every mail that would have gone out, newest first (answered by the gateway)",
    auth: 'public',
    query: DevMailQuery,
    response: DevMailResponse,
  },
];
