import { appendEvent, type Tx } from '@brigade/kit';
import type { MovedAverage } from '../db/ratings.repository';
import { average } from '../domain/serialize';
import type { IdentityContext } from '../context';

/**
 * ADR 43: a rating joined or left a profile's average; tell jobs, the one service that shows ratings, with
 * `identity.rating.changed.v1` instead of the whole profile (which four services consume, three of them for
 * names and places a rating never changes).
 */
export async function publishRating(
  ctx: IdentityContext,
  tx: Tx,
  ratee: { id: string; type: 'chef' | 'restaurant' },
  moved: MovedAverage,
): Promise<void> {
  await appendEvent(ctx.database, tx, 'identity.rating.changed.v1', {
    user_id: ratee.id,
    profile_id: moved.profileId,
    user_type: ratee.type,
    average_rating: average(moved.ratingSum, moved.totalRatings),
    total_ratings: moved.totalRatings,
  });
}
