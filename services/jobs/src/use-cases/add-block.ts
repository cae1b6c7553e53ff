import { appendEvent, inTransaction, type AuthUser, type Tx } from '@brigade/kit';
import { nextApplication, type fillHttp } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { lockApplication, setApplicationState } from '../db/applications.repository';
import {
  dropFavorite,
  findRestaurant,
  insertBlock,
  pendingApplicationsAt,
  pendingOffersAt,
  standbyJobsAt,
  type BlockBy,
} from '../db/blocks.repository';
import { lockJob } from '../db/jobs.repository';
import { endOffer } from '../db/offers.repository';
import { touchScopes } from '../db/list-versions.repository';
import { findChef } from '../db/read-models.repository';
import { leaveStandbyList } from '../db/standby.repository';
import { JobsErrors } from '../domain/errors';
import { applicationFacts } from '../domain/facts';

/** The two sides of a block, resolved from the caller and the id they named. */
export interface BlockSides {
  by: BlockBy;
  restaurant_id: string;
  chef_id: string;
  /** the other side, as the caller's list shows it */
  other: { profile_id: string; user_id: string; name: string | null };
}

/**
 * Who a block is between: a restaurant names a chef, a chef names a restaurant, by profile id or user id (as
 * `/favorites/chef/{id}` takes it). Oneself: 400 JOBS.BLOCK_SELF; an id jobs does not know as the other side
 * (an unknown one, or one of the caller's own kind): 404 JOBS.BLOCK_TARGET_NOT_FOUND. Nothing is written.
 */
export async function blockSides(
  ctx: JobsContext,
  tx: Tx | undefined,
  user: Pick<AuthUser, 'id' | 'type'>,
  targetId: string,
): Promise<BlockSides> {
  if (targetId === user.id) throw JobsErrors.blockSelf();
  if (user.type === 'restaurant') {
    const chef = await findChef(ctx.database, targetId, tx);
    if (!chef) throw JobsErrors.blockTargetNotFound();
    return {
      by: 'restaurant',
      restaurant_id: user.id,
      chef_id: chef.user_id,
      other: { profile_id: chef.profile_id, user_id: chef.user_id, name: chef.name },
    };
  }
  const restaurant = await findRestaurant(ctx.database, tx, targetId);
  if (!restaurant) throw JobsErrors.blockTargetNotFound();
  return {
    by: 'chef',
    restaurant_id: restaurant.user_id,
    chef_id: user.id,
    other: { profile_id: restaurant.profile_id, user_id: restaurant.user_id, name: restaurant.name },
  };
}

/**
 * Issue 37: one side blocks the other (a restaurant a chef, or a chef hides a restaurant). From then on, either
 * way, the chef does not see the restaurant's shifts (openings, job pages, apply: as unknown), and the restaurant
 * cannot offer them a shift or invite them (the chef reads as unknown). At once, in this transaction: the
 * chef's pending applications to the restaurant's shifts are withdrawn (jobs.application.cancelled.v1 by the
 * system, reason `blocked`: no reliability record, never late), the restaurant's offers waiting for the chef
 * end (withdrawn), the chef leaves its standby lists (`blocked`), and a restaurant's block takes the chef off its favorites. Bookings already made (accepted or confirmed) stay: the shift was promised. Nobody is told who
 * blocked them; `jobs.block.added.v1` is for the record. The same block again changes nothing and answers the
 * block as it stands (`created` false).
 */
export async function addBlock(
  ctx: JobsContext,
  user: Pick<AuthUser, 'id' | 'type'>,
  targetId: string,
): Promise<{ block: fillHttp.Block; created: boolean }> {
  return inTransaction(ctx, async (tx) => {
    const sides = await blockSides(ctx, tx, user, targetId);
    const { block, created } = await insertBlock(ctx.database, tx, {
      restaurant_id: sides.restaurant_id,
      chef_id: sides.chef_id,
      by: sides.by,
      created_at: ctx.now(),
    });
    const answer: fillHttp.Block = {
      kind: sides.by === 'restaurant' ? 'chef' : 'restaurant',
      ...sides.other,
      created_at: block.created_at.toISOString(),
    };
    if (!created) return { block: answer, created };
    await endPendingBetween(ctx, tx, sides.restaurant_id, sides.chef_id);
    if (sides.by === 'restaurant') await dropFavorite(ctx.database, tx, sides.restaurant_id, sides.chef_id);
    await appendEvent(ctx.database, tx, 'jobs.block.added.v1', {
      by: sides.by,
      restaurant_id: sides.restaurant_id,
      chef_id: sides.chef_id,
      created_at: answer.created_at,
    });
    // The chef's lists (their own openings body and offered-first, which now leave the restaurant out) and the
    // restaurant's (applications withdrawn, its favorites).
    await touchScopes(ctx, tx, [`c:${sides.chef_id}`, `r:${sides.restaurant_id}`]);
    return { block: answer, created };
  });
}

/**
 * What the restaurant and the chef had under way, ended at once: the chef's pending applications to its shifts,
 * withdrawn by the system with reason `blocked` (a pending one holds no seat: nothing reopens, no record is kept;
 * notifications texts nobody about that reason), and the restaurant's offers still waiting for the chef's answer,
 * withdrawn quietly (no event: its text would tell). Each job locked once, in id order, before its rows (the
 * usual lock order).
 */
async function endPendingBetween(
  ctx: JobsContext,
  tx: Tx,
  restaurantId: string,
  chefId: string,
): Promise<void> {
  const apps = await pendingApplicationsAt(ctx.database, tx, restaurantId, chefId);
  const offers = await pendingOffersAt(ctx.database, tx, restaurantId, chefId);
  const standby = await standbyJobsAt(ctx.database, tx, restaurantId, chefId);
  const jobIds = [
    ...new Set([...apps.map((r) => r.job_id), ...offers.map((r) => r.job_id), ...standby]),
  ].sort();
  for (const jobId of jobIds) {
    const job = await lockJob(ctx.database, tx, jobId);
    if (!job) continue;
    for (const pending of apps.filter((a) => a.job_id === jobId)) {
      const app = await lockApplication(ctx.database, tx, pending.id);
      const next = app && app.status === 'pending' ? nextApplication('cancel', app) : null;
      if (!app || !next) continue; // moved on before the lock
      await setApplicationState(tx, app.id, next);
      await appendEvent(ctx.database, tx, 'jobs.application.cancelled.v1', {
        ...applicationFacts(app, job),
        cancelled_by: 'system',
        was_accepted: false,
        was_confirmed: false,
        late: false,
        seat_no: null,
        reason: 'blocked',
      });
    }
    for (const offer of offers.filter((o) => o.job_id === jobId))
      await endOffer(ctx.database, tx, offer.id, 'withdrawn');
    // Off the shift's standby list: a reopened seat is never offered across a block.
    if (
      standby.includes(jobId) &&
      (await leaveStandbyList(ctx.database, tx, jobId, chefId, 'blocked', ctx.now()))
    )
      await appendEvent(ctx.database, tx, 'jobs.standby.left.v1', {
        job_id: jobId,
        restaurant_id: restaurantId,
        chef_id: chefId,
        reason: 'blocked',
      });
  }
}
