import { Router } from 'express';
import { bearerToken, parse, verifyAccessToken, type KeySource, type SessionRevocations } from '@brigade/kit';
import { notificationsHttp } from '@brigade/contracts';
import type { Request } from 'express';
import type { NotificationsContext } from '../context';
import { unsubscribe } from '../use-cases/unsubscribe';

/**
 * GET and POST /notifications/unsubscribe?token= (issue 40): public, as a mail client's one-click POST carries no
 * session. A session that comes with it (the web page, signed in) must be the token's person.
 */
export function unsubscribeRouter(
  ctx: NotificationsContext,
  auth: { keys: KeySource; revocations?: SessionRevocations },
): Router {
  const router = Router();
  const signedIn = async (req: Request) => {
    const token = bearerToken(req);
    return token ? (await verifyAccessToken(token, auth.keys, auth.revocations)).id : null;
  };
  for (const method of ['get', 'post'] as const)
    router[method]('/notifications/unsubscribe', async (req, res) => {
      const { token } = parse(notificationsHttp.UnsubscribeQuery, req.query);
      res.json(await unsubscribe(ctx, token, await signedIn(req)));
    });
  return router;
}
