import { Router, type RequestHandler } from 'express';
import { currentUser, parseBody } from '@brigade/kit';
import { notificationsHttp } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { vapidDetails } from '../queries/vapid-keys';
import { subscribeToPush } from '../use-cases/subscribe-to-push';
import { unsubscribeFromPush } from '../use-cases/unsubscribe-from-push';

/** Issue 40, Web Push: the key browsers subscribe with, and the signed-in person's own subscriptions. */
export function pushRouter(ctx: NotificationsContext, auth: RequestHandler): Router {
  const router = Router();
  router.get('/notifications/push/key', auth, async (_req, res) => {
    const { publicKey } = await vapidDetails(ctx);
    res.setHeader('cache-control', 'private, max-age=3600');
    res.json({ public_key: publicKey } satisfies notificationsHttp.PushKeyResponse);
  });
  router.post('/notifications/push/subscriptions', auth, async (req, res) => {
    const sub = parseBody(notificationsHttp.PushSubscriptionRequest, req);
    res.status(201).json(await subscribeToPush(ctx, currentUser(req).id, sub));
  });
  router.delete('/notifications/push/subscriptions', auth, async (req, res) => {
    const { endpoint } = parseBody(notificationsHttp.PushUnsubscribeRequest, req);
    await unsubscribeFromPush(ctx, currentUser(req).id, endpoint);
    res.status(204).end();
  });
  return router;
}
