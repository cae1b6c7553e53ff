import { Router, type RequestHandler } from 'express';
import { currentUser, parseBody } from '@brigade/kit';
import { notificationsHttp } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { getPreferences } from '../queries/get-preferences';
import { updatePreferences } from '../use-cases/update-preferences';

/** GET/PUT /notifications/preferences: the signed-in user's own toggles, nobody else's. */
export function preferencesRouter(ctx: NotificationsContext, auth: RequestHandler): Router {
  const router = Router();
  router.get('/notifications/preferences', auth, async (req, res) => {
    res.json(await getPreferences(ctx.database, currentUser(req).id));
  });
  router.put('/notifications/preferences', auth, async (req, res) => {
    const changes = parseBody(notificationsHttp.UpdatePreferencesRequest, req);
    res.json(await updatePreferences(ctx.database, currentUser(req).id, changes));
  });
  return router;
}
