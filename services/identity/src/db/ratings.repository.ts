import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@brigade/kit';
import { chefProfiles, ratings, restaurantProfiles } from './schema';

/** One side's rating of the other for a seat of a job, as `jobs.checkout.recorded.v1` announces it. */
export interface Rating {
  jobId: string;
  /** issue 35: the seat checked out (1 for every job of one chef) */
  seatNo: number;
  side: string;
  rateeId: string;
  rateeType: 'chef' | 'restaurant';
  rating: number;
}

/**
 * Keep a rating once per job, seat and side, and add it to the ratee's profile average. False (and nothing
 * changed) when that side's rating for that seat was already kept.
 */
export async function addRating(tx: Executor, rating: Rating): Promise<boolean> {
  const inserted = await tx
    .insert(ratings)
    .values({
      jobId: rating.jobId,
      seatNo: rating.seatNo,
      side: rating.side,
      rateeId: rating.rateeId,
      rating: rating.rating,
    })
    .onConflictDoNothing({ target: [ratings.jobId, ratings.seatNo, ratings.side] })
    .returning();
  if (inserted.length === 0) return false;
  const table = rating.rateeType === 'chef' ? chefProfiles : restaurantProfiles;
  await tx
    .update(table)
    .set({
      ratingSum: sql`${table.ratingSum} + ${rating.rating}`,
      totalRatings: sql`${table.totalRatings} + 1`,
    })
    .where(eq(table.userId, rating.rateeId));
  return true;
}
