import { Router, type RequestHandler } from 'express';
import { jobsHttp } from '@brigade/contracts';
import { currentUser, parseBody, requireRole } from '@brigade/kit';
import type { JobsContext } from '../context';
import { inviteChef } from '../use-cases/invite-chef';

/** A restaurant invites a chef to its next open shift (restaurants only). */
export function invitationsRouter(ctx: JobsContext, auth: RequestHandler): Router {
  const router = Router();
  router.post('/invitations', auth, requireRole('restaurant'), async (req, res) => {
    const user = currentUser(req);
    const { chef_id } = parseBody(jobsHttp.InviteChefRequest, req);
    const invitation = await inviteChef(ctx, user.id, chef_id);
    res.status(invitation.already_invited ? 200 : 201).json({ invitation });
  });
  return router;
}
