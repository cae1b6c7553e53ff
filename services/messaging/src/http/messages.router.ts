import { messagingHttp } from '@brigade/contracts';
import {
  advertiseStamps,
  currentUser,
  parse,
  parseBody,
  requireVerifiedPhone,
  STAMP_MAX_AGE_MS,
  uuidParam,
  type AuthUser,
} from '@brigade/kit';
import type { MessagingContext } from '../context';
import { inboxStamp } from '../db/inboxes.repository';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { listConversations } from '../use-cases/list-conversations';
import { readThread, type ReadResult } from '../use-cases/read-thread';
import { resolveApplicationThread, resolveJobThread } from '../use-cases/resolve-thread';
import { sendMessage } from '../use-cases/send-message';

const THREAD_NOT_FOUND = 'Conversation not found';

/** Polled responses: the client may keep them but must revalidate (If-None-Match) every time. */
function cacheHeaders(res: Response, etag: string) {
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'private, no-cache');
}

function answer(
  res: Response,
  result: ReadResult | { status: 304; etag: string } | { status: 200; etag: string; body: unknown },
  stamp?: { ctx: MessagingContext; user: AuthUser; inboxVersion: number | string },
) {
  cacheHeaders(res, result.etag);
  // Every change to a user's conversations or threads bumps their inbox version: the gateway may answer
  // an unchanged poll itself while the stamp stays the same.
  if (stamp)
    advertiseStamps(res, stamp.ctx.stamps, STAMP_MAX_AGE_MS, [
      [inboxStamp(stamp.ctx.stamps, stamp.user.id), stamp.inboxVersion],
    ]);
  if (result.status === 304) {
    res.status(304).end();
    return;
  }
  sendJson(res, result.body);
}

/**
 * What `res.json` sends (the same body and headers), without Express's send: no freshness check (the use
 * cases answered a matching If-None-Match already), no ETag generation (off), no charset parsing.
 */
function sendJson(res: Response, body: unknown) {
  const json = JSON.stringify(body);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}

const ifNoneMatch = (req: Request) => req.get('if-none-match') ?? undefined;

export function messagesRouter(ctx: MessagingContext, auth: RequestHandler): Router {
  const router = Router();
  router.use('/messages', auth);

  router.get('/messages/conversations', async (req, res) => {
    const user = currentUser(req);
    const result = await listConversations(ctx.database, user, ifNoneMatch(req));
    answer(res, result, { ctx, user, inboxVersion: result.version });
  });

  router.get('/messages/job/:jobId', async (req, res) => {
    const user = currentUser(req);
    const jobId = uuidParam(req, 'jobId', THREAD_NOT_FOUND, 'MESSAGING.THREAD_NOT_FOUND');
    const query = parse(messagingHttp.JobThreadQuery, req.query);
    const thread = await resolveJobThread(
      ctx.database,
      user,
      jobId,
      user.type === 'restaurant' ? query.chef_id : undefined,
    );
    answer(res, await readThread(ctx, user, thread, query, ifNoneMatch(req)), {
      ctx,
      user,
      inboxVersion: thread.inbox_version,
    });
  });

  router.post('/messages/job/:jobId', requireVerifiedPhone(), async (req, res) => {
    const user = currentUser(req);
    const jobId = uuidParam(req, 'jobId', THREAD_NOT_FOUND, 'MESSAGING.THREAD_NOT_FOUND');
    const body = parseBody(messagingHttp.SendJobMessageRequest, req);
    const thread = await resolveJobThread(
      ctx.database,
      user,
      jobId,
      user.type === 'restaurant' ? body.chef_id : undefined,
    );
    const message = await sendMessage(ctx, user, thread, body.content);
    res.status(201).json({ message, user_role: thread.user_role });
  });

  router.get('/messages/application/:id', async (req, res) => {
    const user = currentUser(req);
    const applicationId = uuidParam(req, 'id', THREAD_NOT_FOUND, 'MESSAGING.THREAD_NOT_FOUND');
    const query = parse(messagingHttp.ThreadQuery, req.query);
    const thread = await resolveApplicationThread(ctx.database, user, applicationId);
    answer(res, await readThread(ctx, user, thread, query, ifNoneMatch(req)), {
      ctx,
      user,
      inboxVersion: thread.inbox_version,
    });
  });

  router.post('/messages/application/:id', requireVerifiedPhone(), async (req, res) => {
    const user = currentUser(req);
    const applicationId = uuidParam(req, 'id', THREAD_NOT_FOUND, 'MESSAGING.THREAD_NOT_FOUND');
    const body = parseBody(messagingHttp.SendApplicationMessageRequest, req);
    const thread = await resolveApplicationThread(ctx.database, user, applicationId);
    const message = await sendMessage(ctx, user, thread, body.message);
    res.status(201).json({ message, user_role: thread.user_role });
  });

  return router;
}
