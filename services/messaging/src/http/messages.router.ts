import { messagingHttp } from '@brigade/contracts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  advertiseStamps,
  currentUser,
  expressGet,
  getRoute,
  parseBody,
  requireVerifiedPhone,
  sendJson,
  STAMP_MAX_AGE_MS,
  uuidParam,
  type AuthUser,
  type GetRoute,
} from '@brigade/kit';
import { z } from 'zod';
import type { MessagingContext } from '../context';
import { inboxStamp } from '../domain/inbox-stamp';
import { threadNotFound } from '../domain/errors';
import { Router, type RequestHandler } from 'express';
import { listConversations } from '../queries/list-conversations';
import { readJobThread, readThread, type ReadResult } from '../use-cases/read-thread';
import { resolveApplicationThread, resolveJobThread } from '../queries/resolve-thread';
import { sendMessage } from '../use-cases/send-message';

/** The conversation list takes no parameters: any query is ignored, as it always was. */
const NoQuery = z.object({});

/**
 * A polled answer: its ETag (the client may keep the answer but must revalidate, If-None-Match, every time),
 * the user's inbox stamp for the gateway (every change to a user's conversations or threads bumps their inbox
 * version: the gateway may answer an unchanged poll itself while it stays the same), then 304 or the body.
 */
function answer(
  res: ServerResponse,
  result: ReadResult | { status: 304; etag: string } | { status: 200; etag: string; body: unknown },
  stamp: { ctx: MessagingContext; user: AuthUser; inboxVersion: number | string },
) {
  res.setHeader('ETag', result.etag);
  res.setHeader('Cache-Control', 'private, no-cache');
  advertiseStamps(res, stamp.ctx.stamps, STAMP_MAX_AGE_MS, [
    [inboxStamp(stamp.ctx.stamps, stamp.user.id), stamp.inboxVersion],
  ]);
  if (result.status === 304) {
    res.statusCode = 304;
    res.end();
    return;
  }
  sendJson(res, result.body);
}

const ifNoneMatch = (req: IncomingMessage) => req.headers['if-none-match'];

/**
 * The polled GETs (the conversation list and a thread), each one function that Express's router and the lean
 * path in front of it (ADR 19) both call.
 */
export function messagesGets(ctx: MessagingContext): GetRoute[] {
  return [
    getRoute({
      path: '/messages/conversations',
      query: NoQuery,
      async answer({ req, res, user }) {
        const result = await listConversations(ctx.database, user, ifNoneMatch(req));
        answer(res, result, { ctx, user, inboxVersion: result.version });
      },
    }),
    getRoute({
      path: '/messages/job/:jobId',
      query: messagingHttp.JobThreadQuery,
      notFound: threadNotFound,
      async answer({ req, res, user, params: [jobId], query }) {
        const chefId = user.type === 'restaurant' ? query.chef_id : undefined;
        const { thread, result } = await readJobThread(ctx, user, jobId, chefId, query, ifNoneMatch(req));
        answer(res, result, { ctx, user, inboxVersion: thread.inbox_version });
      },
    }),
    getRoute({
      path: '/messages/application/:id',
      query: messagingHttp.ThreadQuery,
      notFound: threadNotFound,
      async answer({ req, res, user, params: [applicationId], query }) {
        const thread = await resolveApplicationThread(ctx.database, user, applicationId);
        answer(res, await readThread(ctx, user, thread, query, ifNoneMatch(req)), {
          ctx,
          user,
          inboxVersion: thread.inbox_version,
        });
      },
    }),
  ];
}

/** The messages routes; `gets` (`messagesGets`) are also served by the lean path. */
export function messagesRouter(ctx: MessagingContext, auth: RequestHandler, gets: GetRoute[]): Router {
  const router = Router();
  router.use('/messages', auth);
  for (const route of gets) router.get(route.path, expressGet(route));

  router.post('/messages/job/:jobId', requireVerifiedPhone(), async (req, res) => {
    const user = currentUser(req);
    const jobId = uuidParam(req, 'jobId', threadNotFound().message, 'MESSAGING.THREAD_NOT_FOUND');
    const body = parseBody(messagingHttp.SendJobMessageRequest, req);
    const thread = await resolveJobThread(
      ctx.database,
      user,
      jobId,
      user.type === 'restaurant' ? body.chef_id : undefined,
    );
    const message = await sendMessage(ctx, user, thread, body.content, body.client_id);
    res.status(201).json({ message, user_role: thread.user_role });
  });

  router.post('/messages/application/:id', requireVerifiedPhone(), async (req, res) => {
    const user = currentUser(req);
    const applicationId = uuidParam(req, 'id', threadNotFound().message, 'MESSAGING.THREAD_NOT_FOUND');
    const body = parseBody(messagingHttp.SendApplicationMessageRequest, req);
    const thread = await resolveApplicationThread(ctx.database, user, applicationId);
    const message = await sendMessage(ctx, user, thread, body.message, body.client_id);
    res.status(201).json({ message, user_role: thread.user_role });
  });

  return router;
}
