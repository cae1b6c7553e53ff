import { appendEvent, inTransaction } from '@brigade/kit';
import type { jobsHttp } from '@brigade/contracts';
import type { z } from 'zod';
import type { JobsContext } from '../context';
import { nextOpenJobOf, recordInvitation, restaurantNameOf } from '../db/invitations.repository';
import { isBlocked } from '../db/blocks.repository';
import { findChef } from '../db/read-models.repository';
import { JobsErrors } from '../domain/errors';
import { jobFacts } from '../domain/facts';

type Invitation = z.infer<typeof jobsHttp.Invitation>;

/**
 * A restaurant invites a chef (profile id or user id) to its next open shift: the open shift that starts
 * soonest. The invitation is recorded once per chef and shift; a new one publishes `jobs.chef.invited.v1`, on
 * which notifications texts the chef (as their notification settings allow). Inviting again names the same
 * shift and texts nobody. No open shift: refused (JOBS.NO_OPEN_SHIFT), and the screen says so beforehand.
 */
export async function inviteChef(
  ctx: JobsContext,
  restaurantId: string,
  chefIdOrProfileId: string,
): Promise<Invitation> {
  return inTransaction(ctx, async (tx) => {
    const chef = await findChef(ctx.database, chefIdOrProfileId, tx);
    // Issue 37: a chef kept apart by a block either way reads as unknown.
    if (!chef || (await isBlocked(ctx.database, tx, restaurantId, chef.user_id)))
      throw JobsErrors.chefNotFound();
    const job = await nextOpenJobOf(ctx.database, tx, restaurantId, ctx.now());
    if (!job) throw JobsErrors.noOpenShift();
    const { invitedAt, created } = await recordInvitation(ctx.database, tx, {
      job_id: job.id,
      chef_id: chef.user_id,
      chef_profile_id: chef.profile_id,
      restaurant_id: restaurantId,
      invited_at: ctx.now(),
    });
    if (created) {
      await appendEvent(ctx.database, tx, 'jobs.chef.invited.v1', {
        ...jobFacts(job),
        chef_id: chef.user_id,
        chef_profile_id: chef.profile_id,
        restaurant_name: (await restaurantNameOf(ctx.database, tx, restaurantId)) ?? '',
        invited_at: invitedAt.toISOString(),
      });
    }
    return {
      job_id: job.id,
      job_title: job.title,
      start_time: job.start_time.toISOString(),
      chef_profile_id: chef.profile_id,
      chef_name: chef.name,
      invited_at: invitedAt.toISOString(),
      already_invited: !created,
    };
  });
}
