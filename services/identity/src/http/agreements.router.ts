import { Router } from 'express';
import { currentUser, parseBody, requireUser } from '@brigade/kit';
import { identityHttp } from '@brigade/contracts';
import type { IdentityContext } from '../context';
import { acceptAgreement } from '../use-cases/accept-agreement';

export function agreementsRouter(ctx: IdentityContext): Router {
  const router = Router();
  router.post('/agreements/accept', requireUser(ctx.keyRing.keys, ctx.revocations), async (req, res) => {
    const body = parseBody(identityHttp.AgreementRequest, req);
    res.status(201).json(await acceptAgreement(ctx, currentUser(req), body.agreementType, body.version));
  });
  return router;
}
