import type { jobsHttp } from '@brigade/contracts';
import type { Executor } from '@brigade/kit';
import type { JobsContext } from '../context';
import { chefReliability } from '../db/reliability.repository';
import { heldCredentialsOf } from '../db/credentials.repository';

// What every read module (job-views, application-views, dispute-views, favorites) works with.

type Chef = NonNullable<jobsHttp.Application['chef_profiles']>;

/** What the read side needs: the database, the policy (deadlines on every job) and the clock (90-day counts). */
export type ViewContext = Pick<JobsContext, 'database' | 'policy' | 'now'>;

/** Who is asking: what a job or an application shows depends on it. */
export type Viewer = { id: string; type: 'chef' | 'restaurant' };

/**
 * Every chef profile on these cards gets its reliability record and (issue 39) its verified credentials that
 * count now (one query each for the page).
 */
export async function withReliability<T extends { chef_profiles: Chef | null }>(
  ctx: ViewContext,
  cards: T[],
  executor?: Executor,
): Promise<T[]> {
  const ids = cards.flatMap((c) => (c.chef_profiles ? [c.chef_profiles.user_id] : []));
  const records = await chefReliability(
    ctx.database,
    ids,
    ctx.now(),
    ctx.policy.reliabilityWindowDays,
    executor,
  );
  const credentials = await heldCredentialsOf(ctx.database, ids, ctx.now(), executor);
  for (const card of cards) {
    const record = card.chef_profiles && records.get(card.chef_profiles.user_id);
    if (record && card.chef_profiles) card.chef_profiles.reliability = record;
    if (card.chef_profiles)
      card.chef_profiles.verified_credentials = credentials.get(card.chef_profiles.user_id) ?? [];
  }
  return cards;
}
