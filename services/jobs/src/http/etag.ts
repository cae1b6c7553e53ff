import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Database } from '@brigade/kit';
import { readVersions } from '../db/list-versions.repository';

/**
 * Answer a polled list with a weak ETag derived from version counters (one indexed read), the user and the
 * query, never from the body; If-None-Match with the same tag gets 304 without building the list.
 * Versions are read BEFORE the list, so a write landing in between can only make the next poll refetch.
 * `extra` carries anything else the list depends on (the minute, for lists filtered by "not started yet").
 */
export async function sendWithEtag(
  req: Request,
  res: Response,
  database: Database,
  scopes: string[],
  extra: string,
  build: () => Promise<unknown>,
): Promise<void> {
  const versions = await readVersions(database, scopes);
  const digest = createHash('sha1')
    .update(`${req.user?.id}|${req.originalUrl}|${versions}|${extra}`)
    .digest('base64url');
  const tag = `W/"${digest.slice(0, 27)}"`;
  res.setHeader('ETag', tag);
  res.setHeader('Cache-Control', 'private, no-cache');
  const header = req.headers['if-none-match'];
  if (typeof header === 'string' && header.split(',').some((t) => t.trim() === tag || t.trim() === '*')) {
    res.status(304).end();
    return;
  }
  res.json(await build());
}
