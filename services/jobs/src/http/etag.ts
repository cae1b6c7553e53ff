import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  advertiseStamps,
  etagMatches,
  sendJson,
  SHARED_HEADER,
  STAMP_MAX_AGE_MS,
  type LeanGet,
} from '@brigade/kit';
import type { JobsContext } from '../context';
import { readVersions, type ListVersions } from '../db/list-versions.repository';

/**
 * Answer a polled list with a weak ETag derived from version counters (one indexed read), the user and the
 * query, never from the body; If-None-Match with the same tag gets 304 without building the list.
 * Versions are read BEFORE the list, so a write landing in between can only make the next poll refetch.
 * `timed` lists (a chef's, filtered by "not started yet") also depend on the clock: their tag carries the
 * next open shift's start, so it changes exactly when a listed shift may drop out, not every minute.
 * The versions are advertised to the gateway (stamps), which then answers unchanged polls itself.
 * Written with node:http's own methods: Express's route and the lean path (ADR 19) both answer through it.
 */
export async function sendWithEtag(
  { req, res, user }: Pick<LeanGet<unknown>, 'req' | 'res' | 'user'>,
  ctx: Pick<JobsContext, 'database' | 'stamps' | 'now'>,
  scopes: string[],
  timed: boolean,
  /** The body: an object, or JSON text already serialised. */
  build: (versions: ListVersions) => Promise<unknown>,
  /** Anything else the body depends on (the day, for counts over a window of days). */
  extra = '',
  /**
   * The audience when the body is the same for everyone in it (e.g. `chef`): the ETag then names no user,
   * and the gateway is told it may keep the body for that audience (SHARED_HEADER, ADR 7).
   */
  sharedWith?: string,
): Promise<void> {
  const now = ctx.now();
  const read = await readVersions(ctx.database, scopes, timed ? now : undefined);
  const { versions, nextStartMs } = read;
  // A shared body's tag names no user: the versions of per-user scopes (`c:<chef>`, advertised so the gateway
  // can tell when this user left the audience) stay out of it.
  const tagged = sharedWith ? versions.filter(([scope]) => !/^[a-z]:/.test(scope)) : versions;
  const digest = createHash('sha1')
    .update(
      `${sharedWith ? `shared:${sharedWith}` : user.id}|${req.url}|${tagged.join(';')}|${nextStartMs ?? ''}|${extra}`,
    )
    .digest('base64url');
  const tag = `W/"${digest.slice(0, 27)}"`;
  res.setHeader('ETag', tag);
  res.setHeader('Cache-Control', 'private, no-cache');
  const maxAge =
    timed && nextStartMs !== null
      ? Math.min(STAMP_MAX_AGE_MS, nextStartMs - now.getTime())
      : STAMP_MAX_AGE_MS;
  advertiseStamps(
    res,
    ctx.stamps,
    maxAge,
    versions.map(([scope, version]) => [ctx.stamps.key('jobs', scope), version] as const),
  );
  if (sharedWith && ctx.stamps.enabled) res.setHeader(SHARED_HEADER, sharedWith);
  if (etagMatches(req.headers['if-none-match'], tag) || freshToExpress(req.headers, tag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  sendJson(res, await build(read));
}

/**
 * Express's `res.send`, which wrote these answers before, also answered 304 when its own freshness check found
 * the tag among If-None-Match's tokens split at spaces as well as commas (the `fresh` package), unless the
 * request said `Cache-Control: no-cache`: kept, so that no answer changes. Only a malformed header gets here.
 */
function freshToExpress(headers: IncomingHttpHeaders, tag: string): boolean {
  const tokens = headers['if-none-match'];
  if (!tokens || /(?:^|,)\s*?no-cache\s*?(?:,|$)/.test(headers['cache-control'] ?? '')) return false;
  return tokens.split(/[ ,]/).some((t) => t === tag || t === `W/${tag}` || `W/${t}` === tag);
}
