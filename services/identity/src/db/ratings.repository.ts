import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@brigade/kit';
import { chefProfiles, ratings, restaurantProfiles } from './schema';

/**
 * One side's rating of the other for a seat of a job, as jobs announces its review (issue 39: published, or
 * hidden by an operator).
 */
export interface Rating {
  jobId: string;
  /** issue 35: the seat checked out (1 for every job of one chef) */
  seatNo: number;
  /** the side that rated (the review's author) */
  side: string;
  rateeId: string;
  rateeType: 'chef' | 'restaurant';
  rating: number;
  reviewId: string;
}

/** A ratee's profile and its rating figures after a rating joined or left them. */
export interface MovedAverage {
  profileId: string;
  ratingSum: number;
  totalRatings: number;
}

/**
 * Add a rating to, or take it out of, the ratee's profile average (its sum and count). The figures it leaves,
 * or null when the ratee has no profile of that kind.
 */
async function moveAverage(tx: Executor, rating: Rating, direction: 1 | -1): Promise<MovedAverage | null> {
  const table = rating.rateeType === 'chef' ? chefProfiles : restaurantProfiles;
  const [moved] = await tx
    .update(table)
    .set({
      ratingSum: sql`${table.ratingSum} + ${direction * rating.rating}`,
      totalRatings: sql`${table.totalRatings} + ${direction}`,
    })
    .where(eq(table.userId, rating.rateeId))
    .returning({ profileId: table.id, ratingSum: table.ratingSum, totalRatings: table.totalRatings });
  return moved ?? null;
}

const key = (rating: Rating) =>
  and(eq(ratings.jobId, rating.jobId), eq(ratings.seatNo, rating.seatNo), eq(ratings.side, rating.side));

/** The row a rating is kept as; one per job, seat and side (a second insert does nothing). */
const keep = (tx: Executor, rating: Rating, hiddenAt: Date | null = null) =>
  tx
    .insert(ratings)
    .values({
      jobId: rating.jobId,
      seatNo: rating.seatNo,
      side: rating.side,
      rateeId: rating.rateeId,
      rating: rating.rating,
      reviewId: rating.reviewId,
      hiddenAt,
    })
    .onConflictDoNothing({ target: [ratings.jobId, ratings.seatNo, ratings.side] });

/**
 * Keep a published review's rating once per job, seat and side, and add it to the ratee's profile average: the
 * profile's new figures. Null (and nothing changed) when that side's rating for that seat was already kept:
 * counted (a redelivery, or a rating from before reviews) or hidden; null too when the ratee has no profile.
 */
export async function addRating(tx: Executor, rating: Rating): Promise<MovedAverage | null> {
  const inserted = await keep(tx, rating).returning();
  if (inserted.length === 0) return null;
  return moveAverage(tx, rating, 1);
}

/**
 * A hidden review's rating leaves the ratee's average: the profile's new figures when it was counted (and is no
 * longer), null when it never was (hidden before its publication) or was hidden already. Kept, marked hidden,
 * either way, so that its publication arriving later never counts it.
 */
export async function hideRating(tx: Executor, rating: Rating, at: Date): Promise<MovedAverage | null> {
  const hidden = await tx
    .update(ratings)
    .set({ hiddenAt: at })
    .where(and(key(rating), isNull(ratings.hiddenAt)))
    .returning({ rating: ratings.rating });
  if (hidden.length === 0) {
    await keep(tx, rating, at);
    return null;
  }
  // The rating as it was counted (a rating from before reviews is the checkout's, the same one).
  return moveAverage(tx, { ...rating, rating: hidden[0]!.rating }, -1);
}
