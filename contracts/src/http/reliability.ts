import { z } from 'zod';
import { CHEF_RELIABILITY, RESTAURANT_RELIABILITY } from '../policy-rules';

const Count = z.number().int().nonnegative();
/** One count per kind of reliability fact (the kinds are policy-rules' table), all time and in the last 90 days. */
const counts = <K extends string>(kinds: readonly K[]) =>
  z.object(Object.fromEntries(kinds.map((k) => [k, Count])) as Record<K, typeof Count>);
const record = <K extends string>(kinds: readonly K[]) =>
  counts(kinds).extend({
    last_90_days: counts(kinds),
    /**
     * Issue 39: marks removed on appeal ("1 removed on appeal"), counted in none of the counts above. Always
     * answered since issue 39 (absent from answers kept before it).
     */
    removed_on_appeal: Count.optional(),
  });
/**
 * A chef's reliability record: explainable counts, all time and in the last 90 days. A no-show is an
 * uncontested "did not work" from the restaurant, or a dispute decided against the chef.
 */
export const ChefReliability = record(CHEF_RELIABILITY).meta({ id: 'ChefReliability' });
/** A restaurant's reliability record: completed shifts, late cancellations, disputes decided against it. */
export const RestaurantReliability = record(RESTAURANT_RELIABILITY).meta({ id: 'RestaurantReliability' });
