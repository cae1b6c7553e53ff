import { Router, type Request, type RequestHandler } from 'express';
import { currentUser, requireRole, uuidParam } from '@brigade/kit';
import type { JobsContext } from '../context';
import { JobsErrors } from '../domain/errors';
import { listBlocks } from '../queries/block-views';
import { addBlock } from '../use-cases/add-block';
import { removeBlock } from '../use-cases/remove-block';

/**
 * Issue 37: blocks. A restaurant blocks a chef (`/blocks/chef/{id}`), a chef hides a restaurant
 * (`/blocks/restaurant/{id}`), by profile id or user id; each lists and lifts only its own. POST answers 201 with
 * the block, or 200 with the same block when it was already there; DELETE answers 204 whether or not there was
 * one (lifting is idempotent, like removing a favorite). The other role's route is 403, oneself 400
 * JOBS.BLOCK_SELF, an unknown id 404 JOBS.BLOCK_TARGET_NOT_FOUND: nothing changed.
 */
export function blocksRouter(ctx: JobsContext, auth: RequestHandler): Router {
  const router = Router();
  const target = (req: Request) =>
    uuidParam(req, 'id', JobsErrors.blockTargetNotFound().message, 'JOBS.BLOCK_TARGET_NOT_FOUND');

  router.get('/blocks', auth, async (req, res) => {
    res.json({ blocks: await listBlocks(ctx.database, currentUser(req)) });
  });

  const add: RequestHandler = async (req, res) => {
    const { block, created } = await addBlock(ctx, currentUser(req), target(req));
    res.status(created ? 201 : 200).json({ block });
  };
  const remove: RequestHandler = async (req, res) => {
    await removeBlock(ctx, currentUser(req), target(req));
    res.status(204).end();
  };
  router.post('/blocks/chef/:id', auth, requireRole('restaurant'), add);
  router.delete('/blocks/chef/:id', auth, requireRole('restaurant'), remove);
  router.post('/blocks/restaurant/:id', auth, requireRole('chef'), add);
  router.delete('/blocks/restaurant/:id', auth, requireRole('chef'), remove);
  return router;
}
