import { inTransaction } from '@brigade/kit';
import type { IdentityContext } from '../context';
import { allChefUserIds, claimBackfill } from '../db/backfills.repository';
import { publishProfile } from './publish-profile';

/** Issue 37: jobs learns every existing chef's weekly availability (the chef profile event gained it). */
export const AVAILABILITY_BACKFILL = 'issue-37-chef-availability';

/**
 * Publish every chef's profile again, once per database (the claim and the events in one transaction: a crash
 * leaves it unclaimed and the next start does it). Jobs' read model then holds each chef's availability, so a
 * chef who said "not on Sundays" before issue 37 is not texted about Sunday shifts. Returns the chefs published
 * (0 when already done).
 */
export async function republishChefProfiles(
  ctx: IdentityContext,
  name = AVAILABILITY_BACKFILL,
): Promise<number> {
  return inTransaction(ctx, async (tx) => {
    if (!(await claimBackfill(ctx.database, tx, name))) return 0;
    const chefs = await allChefUserIds(ctx.database, tx);
    for (const userId of chefs) await publishProfile(ctx, tx, userId);
    return chefs.length;
  });
}
