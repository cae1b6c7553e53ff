import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router, type RequestHandler } from 'express';
import { notificationsHttp } from '@brigade/contracts';
import {
  advertiseStamps,
  AppError,
  currentUser,
  expressGet,
  getRoute,
  isUuid,
  sendJson,
  STAMP_MAX_AGE_MS,
  type AuthUser,
  type GetRoute,
} from '@brigade/kit';
import { z } from 'zod';
import type { NotificationsContext } from '../context';
import { inboxStamp } from '../domain/inbox-stamp';
import { readInbox, readUnreadCount, type Polled } from '../queries/inbox';
import { readAllNotifications, readNotification } from '../use-cases/read-notifications';

const ifNoneMatch = (req: IncomingMessage) => req.headers['if-none-match'] as string | undefined;

/**
 * A polled answer: its ETag (revalidated every time), the person's inbox stamp for the gateway (every change the
 * list or the count shows raises their inbox version: while it stays the same, the gateway answers their
 * unchanged polls itself, ADR 7), then 304 or the body.
 */
function answer<T>(ctx: NotificationsContext, user: AuthUser, res: ServerResponse, result: Polled<T>) {
  res.setHeader('ETag', result.etag);
  res.setHeader('Cache-Control', 'private, no-cache');
  advertiseStamps(res, ctx.stamps, STAMP_MAX_AGE_MS, [[inboxStamp(ctx.stamps, user.id), result.version]]);
  if (result.status === 304) {
    res.statusCode = 304;
    res.end();
    return;
  }
  sendJson(res, result.body);
}

/** The inbox's polled GETs (issue 40), one function each for Express and a lean path alike (ADR 19). */
export function inboxGets(ctx: NotificationsContext): GetRoute[] {
  return [
    getRoute({
      path: '/notifications/unread-count',
      query: z.object({}),
      async answer({ req, res, user }) {
        answer(ctx, user, res, await readUnreadCount(ctx, user, ifNoneMatch(req)));
      },
    }),
    getRoute({
      path: '/notifications',
      query: notificationsHttp.InboxQuery,
      async answer({ req, res, user, query }) {
        answer(ctx, user, res, await readInbox(ctx, user, query, ifNoneMatch(req)));
      },
    }),
  ];
}

/** The signed-in person's inbox: read it, count it, mark entries read. Nobody reads another's. */
export function inboxRouter(ctx: NotificationsContext, auth: RequestHandler, gets: GetRoute[]): Router {
  const router = Router();
  for (const route of gets) router.get(route.path, auth, expressGet(route));
  router.post('/notifications/read-all', auth, async (req, res) => {
    res.json(await readAllNotifications(ctx, currentUser(req)));
  });
  router.post('/notifications/:id/read', auth, async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) throw new AppError(404, 'HTTP.NOT_FOUND', 'Not found');
    res.json(await readNotification(ctx, currentUser(req), id.toLowerCase()));
  });
  return router;
}
