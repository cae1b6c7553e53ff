import type { Request } from 'express';
import { AppError, NUL_MESSAGE } from '@brigade/kit';

/** A multipart (or JSON) form's fields: multipart fields skip the JSON parser's NUL check, so it is made here. */
export function formBody(req: Request): Record<string, unknown> {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
  // PostgreSQL text cannot hold U+0000.
  if (Object.values(body).some((v) => [v].flat().some((s) => typeof s === 'string' && s.includes('\u0000'))))
    throw new AppError(400, 'VALIDATION.NUL', NUL_MESSAGE);
  return body;
}
