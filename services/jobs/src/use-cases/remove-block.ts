import { appendEvent, inTransaction, type AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { deleteBlock } from '../db/blocks.repository';
import { touchScopes } from '../db/list-versions.repository';
import { blockSides } from './add-block';

/**
 * Issue 37: one side lifts its own block (never the other side's: a chef the restaurant blocked who also hid the
 * restaurant stays apart until both lift theirs). Lifting a block that is not there changes nothing and is no
 * error (the same answer: 204); an unknown id is 404 JOBS.BLOCK_TARGET_NOT_FOUND, oneself 400 JOBS.BLOCK_SELF.
 * Withdrawn applications and a removed favorite are not restored.
 */
export async function removeBlock(
  ctx: JobsContext,
  user: Pick<AuthUser, 'id' | 'type'>,
  targetId: string,
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const sides = await blockSides(ctx, tx, user, targetId);
    const removed = await deleteBlock(ctx.database, tx, sides);
    if (!removed) return;
    await appendEvent(ctx.database, tx, 'jobs.block.removed.v1', {
      by: sides.by,
      restaurant_id: sides.restaurant_id,
      chef_id: sides.chef_id,
    });
    await touchScopes(ctx, tx, [`c:${sides.chef_id}`, `r:${sides.restaurant_id}`]);
  });
}
