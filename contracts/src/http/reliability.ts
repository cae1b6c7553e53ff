import { z } from 'zod';

const Count = z.number().int().nonnegative();
/**
 * A chef's reliability record: explainable counts, all time and in the last 90 days. A no-show is an
 * uncontested "did not work" from the restaurant, or a dispute decided against the chef.
 */
export const ChefReliability = z
  .object({
    completed_shifts: Count,
    late_cancellations: Count,
    no_shows: Count,
    last_90_days: z.object({ completed_shifts: Count, late_cancellations: Count, no_shows: Count }),
  })
  .meta({ id: 'ChefReliability' });
/** A restaurant's reliability record: completed shifts, late cancellations, disputes decided against it. */
export const RestaurantReliability = z
  .object({
    completed_shifts: Count,
    late_cancellations: Count,
    disputes_lost: Count,
    last_90_days: z.object({ completed_shifts: Count, late_cancellations: Count, disputes_lost: Count }),
  })
  .meta({ id: 'RestaurantReliability' });
