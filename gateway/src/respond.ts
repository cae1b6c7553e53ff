import type { Response } from 'express';

/** The gateway's own error answer, `{ error, code }` as the services answer (nothing once headers went out). */
export function send(
  res: Response,
  status: number,
  error: string,
  code: string,
  headers: Record<string, string> = {},
) {
  if (res.headersSent) return;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.status(status).json({ error, code });
}
