import type { EventData } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { touchScopes } from '../db/list-versions.repository';
import {
  scopesOfChef,
  scopesOfRestaurant,
  upsertChefProfile,
  upsertPayoutAccount,
  upsertRating,
  upsertRestaurantProfile,
  upsertUserPhone,
} from '../db/read-models.repository';

// The read models of other services' facts, so no request ever calls another service. Each keeps the newest
// event (source_occurred_at): a late, older one changes nothing.

/** A chef profile (identity): names, skills, ratings on applications and the roster; moves the lists showing it. */
export async function recordChefProfile(
  ctx: JobsContext,
  tx: Tx,
  data: EventData<'identity.chef_profile.updated.v1'>,
  occurredAt: string,
): Promise<void> {
  if (await upsertChefProfile(ctx.database, tx, data, occurredAt)) {
    await touchScopes(ctx, tx, await scopesOfChef(ctx.database, tx, data.user_id));
  }
}

/** A restaurant profile (identity): restaurant_profiles on every job; moves the lists showing it. */
export async function recordRestaurantProfile(
  ctx: JobsContext,
  tx: Tx,
  data: EventData<'identity.restaurant_profile.updated.v1'>,
  occurredAt: string,
): Promise<void> {
  if (await upsertRestaurantProfile(ctx.database, tx, data, occurredAt)) {
    await touchScopes(ctx, tx, await scopesOfRestaurant(ctx.database, tx, data.user_id));
  }
}

/**
 * A rating joined or left a chef's or restaurant's average (identity, ADR 43): the applicant cards, the roster and
 * the openings show it; moves the lists showing that side.
 */
export async function recordRating(
  ctx: JobsContext,
  tx: Tx,
  data: EventData<'identity.rating.changed.v1'>,
  occurredAt: string,
): Promise<void> {
  if (!(await upsertRating(ctx.database, tx, data, occurredAt))) return;
  const scopes =
    data.user_type === 'chef'
      ? await scopesOfChef(ctx.database, tx, data.user_id)
      : await scopesOfRestaurant(ctx.database, tx, data.user_id);
  await touchScopes(ctx, tx, scopes);
}

/** A payout account (payments): accepting a chef needs payouts_enabled. */
export async function recordPayoutAccount(
  _ctx: JobsContext,
  tx: Tx,
  data: EventData<'payments.payout_account.updated.v1'>,
  occurredAt: string,
): Promise<void> {
  await upsertPayoutAccount(tx, data, occurredAt);
}

/**
 * A chef's or restaurant's phone (identity; issue 32): kept only once verified, shown to the other side of a
 * booked shift in its contact window (GET /jobs/{id}), which no list carries.
 */
export async function recordUserPhone(
  ctx: JobsContext,
  tx: Tx,
  data: { user_id: string; phone: string; phone_verified: boolean },
  occurredAt: string,
): Promise<void> {
  await upsertUserPhone(ctx.database, tx, data, occurredAt);
}
