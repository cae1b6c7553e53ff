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
import { readVersions, type ListVersions } from '../queries/list-versions';

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
  get: Pick<LeanGet<unknown>, 'req' | 'res' | 'user'>,
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
  return sendDecidedWithEtag(get, ctx, scopes, timed, async () => ({ build, extra, sharedWith }));
}

/** What an answer is, once its versions are read: its body, what else its tag depends on, its audience. */
export interface DecidedAnswer {
  build: (versions: ListVersions) => Promise<unknown>;
  extra?: string;
  sharedWith?: string;
}

/**
 * `sendWithEtag` for an answer whose audience or shape depends on data the versions cover (the chef's place,
 * their blocks: `c:<chef>`): `decide` reads that data AFTER the versions, like the body. Read before them, a
 * move committed in between would be tagged with its new version on an answer for the old place, and the
 * gateway would keep answering the old place while that version holds (the chef stuck in their old city).
 */
export async function sendDecidedWithEtag(
  get: Pick<LeanGet<unknown>, 'req' | 'res' | 'user'>,
  ctx: Pick<JobsContext, 'database' | 'stamps' | 'now'>,
  scopes: string[],
  timed: boolean,
  decide: () => Promise<DecidedAnswer>,
): Promise<void> {
  const now = ctx.now();
  const read = await readVersions(ctx.database, scopes, timed ? now : undefined);
  const { build, extra = '', sharedWith } = await decide();
  if (tagAnswer(get, ctx.stamps, read, timed ? now : null, extra, sharedWith)) return;
  sendJson(get.res, await build(read));
}

/**
 * `sendWithEtag` for a list whose own statement also reads its version (one scope, not timed, per user), in the
 * same snapshot as the rows: a 200 asked without If-None-Match (a client's first poll, or its first after a
 * change the gateway saw) costs one round trip instead of two, and its tag names exactly the rows it carries.
 * `build` answers `version: null` when it could not read it (an empty list): the versions are then read alone.
 * With If-None-Match the versions are read first as always, so an unchanged list is a 304 without building it.
 */
export async function sendListWithEtag(
  get: Pick<LeanGet<unknown>, 'req' | 'res' | 'user'>,
  ctx: Pick<JobsContext, 'database' | 'stamps' | 'now'>,
  scope: string,
  build: () => Promise<{ text: string; version: number | null }>,
  extra = '',
): Promise<void> {
  if (get.req.headers['if-none-match'] !== undefined)
    return sendWithEtag(get, ctx, [scope], false, async () => (await build()).text, extra);
  const list = await build();
  const read: ListVersions =
    list.version === null
      ? await readVersions(ctx.database, [scope])
      : { versions: [[scope, list.version]], nextStartMs: null };
  tagAnswer(get, ctx.stamps, read, null, extra); // never a 304: nothing to match
  sendJson(get.res, list.text);
}

/**
 * The answer's ETag (from the versions, the user or audience, the URL and `extra`, never the body), its cache
 * headers and stamps; true when If-None-Match matched and the 304 is written.
 */
function tagAnswer(
  { req, res, user }: Pick<LeanGet<unknown>, 'req' | 'res' | 'user'>,
  stamps: JobsContext['stamps'],
  read: ListVersions,
  /** For a timed list: the moment its versions were read at (the stamps expire when the next shift starts). */
  timedAt: Date | null,
  extra: string,
  sharedWith?: string,
): boolean {
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
    timedAt && nextStartMs !== null
      ? Math.min(STAMP_MAX_AGE_MS, nextStartMs - timedAt.getTime())
      : STAMP_MAX_AGE_MS;
  advertiseStamps(
    res,
    stamps,
    maxAge,
    versions.map(([scope, version]) => [stamps.key('jobs', scope), version] as const),
  );
  if (sharedWith && stamps.enabled) res.setHeader(SHARED_HEADER, sharedWith);
  if (etagMatches(req.headers['if-none-match'], tag) || freshToExpress(req.headers, tag)) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  return false;
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
