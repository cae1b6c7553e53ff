import { eq, sql } from 'drizzle-orm';
import type { TypedHandler } from '@brigade/kit';
import { chefProfiles, ratings, restaurantProfiles } from '../db/schema';
import type { IdentityContext } from '../context';
import { publishProfile } from '../use-cases/publish-profile';

/** A side checked out and rated the other: add the rating to the ratee's average (once per job and side). */
export const onCheckoutRecorded =
  (ctx: IdentityContext): TypedHandler<'jobs.checkout.recorded.v1'> =>
  async (tx, data) => {
    const inserted = await tx
      .insert(ratings)
      .values({ jobId: data.job_id, side: data.side, rateeId: data.ratee_id, rating: data.rating })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return;
    const table = data.ratee_type === 'chef' ? chefProfiles : restaurantProfiles;
    await tx
      .update(table)
      .set({
        ratingSum: sql`${table.ratingSum} + ${data.rating}`,
        totalRatings: sql`${table.totalRatings} + 1`,
      })
      .where(eq(table.userId, data.ratee_id));
    await publishProfile(ctx, tx, data.ratee_id);
  };
