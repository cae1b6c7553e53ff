import { Router, type Request } from 'express';
import { currentOperator, parse, parseBody, requireOperator } from '@brigade/kit';
import { credentialsHttp, opsHttp } from '@brigade/contracts';
import type { IdentityContext } from '../context';
import { searchUsers } from '../queries/search-users';
import { getUserDetail } from '../queries/get-user-detail';
import { suspendUser } from '../use-cases/suspend-user';
import { reinstateUser } from '../use-cases/reinstate-user';
import { listOperators } from '../queries/list-operators';
import { addOperator } from '../use-cases/add-operator';
import { removeOperator } from '../use-cases/remove-operator';
import { listCredentialQueue } from '../queries/credential-views';
import { decideOnCredential } from '../use-cases/decide-credential';

/** The operators' console, identity's part: users and operators (contracts/src/http/ops.ts). Operators only. */
export function opsRouter(ctx: IdentityContext): Router {
  const router = Router();
  router.use('/ops/users', requireOperator(ctx.keyRing.keys, ctx.revocations));
  router.get('/ops/users', async (req, res) => {
    const { q } = parse(opsHttp.UsersQuery, req.query);
    res.json(await searchUsers(ctx, q));
  });
  router.get('/ops/users/:userId', async (req, res) => {
    res.json(await getUserDetail(ctx, req.params.userId));
  });
  router.post('/ops/users/:userId/suspend', async (req, res) => {
    const { reason } = parseBody(opsHttp.SuspendRequest, req);
    res.json(await suspendUser(ctx, currentOperator(req), req.params.userId, reason));
  });
  router.post('/ops/users/:userId/reinstate', async (req, res) => {
    // The reason is optional: so is the body.
    const { reason } = req.body === undefined ? {} : parseBody(opsHttp.ReinstateRequest, req);
    res.json(await reinstateUser(ctx, currentOperator(req), req.params.userId, reason));
  });
  // Operators (issue 33): admins only, checked in the use cases against the database.
  router.use('/ops/operators', requireOperator(ctx.keyRing.keys, ctx.revocations));
  const manager = (req: Request) => ({ kind: 'operator' as const, id: currentOperator(req).id });
  router.get('/ops/operators', async (req, res) => {
    res.json(await listOperators(ctx, manager(req)));
  });
  router.post('/ops/operators', async (req, res) => {
    res.status(201).json(await addOperator(ctx, manager(req), parseBody(opsHttp.AddOperatorRequest, req)));
  });
  router.delete('/ops/operators/:operatorId', async (req, res) => {
    res.json(await removeOperator(ctx, manager(req), req.params.operatorId));
  });
  // Credentials (issue 39): the queue, and an operator's decisions (audited).
  router.use('/ops/credentials', requireOperator(ctx.keyRing.keys, ctx.revocations));
  router.get('/ops/credentials', async (req, res) => {
    const { status } = parse(credentialsHttp.OpsCredentialsQuery, req.query);
    res.json(await listCredentialQueue(ctx, status));
  });
  router.post('/ops/credentials/:id/verify', async (req, res) => {
    res.json(await decideOnCredential(ctx, currentOperator(req), req.params.id, 'verify', null));
  });
  router.post('/ops/credentials/:id/reject', async (req, res) => {
    const { reason } = parseBody(credentialsHttp.CredentialReasonBody, req);
    res.json(await decideOnCredential(ctx, currentOperator(req), req.params.id, 'reject', reason));
  });
  router.post('/ops/credentials/:id/revoke', async (req, res) => {
    const { reason } = parseBody(credentialsHttp.CredentialReasonBody, req);
    res.json(await decideOnCredential(ctx, currentOperator(req), req.params.id, 'revoke', reason));
  });
  return router;
}
