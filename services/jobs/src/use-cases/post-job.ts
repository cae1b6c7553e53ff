import { randomUUID } from 'node:crypto';
import { postingOfSeats, type jobsHttp } from '@brigade/contracts';
import { inTransaction, appendEvent, type AuthUser } from '@brigade/kit';
import type { z } from 'zod';
import type { JobsContext } from '../context';
import { resolveFavorites } from '../db/favorites.repository';
import { insertJob } from '../db/jobs.repository';
import { touchScopes } from '../db/list-versions.repository';
import { JobsErrors } from '../domain/errors';
import { checkedEscrowCharge, checkPostingWindow } from '../domain/posting';
import { announceText } from './announce-text';

/**
 * A restaurant posts a shift for `headcount` chefs (1-20, issue 35: one seat each). It starts in
 * pending_payment with its pay computed here (never by the client): one seat's escrow charge, refused under
 * the card minimum, times the headcount; payments charges the total from jobs.job.posted.v1 and answers with
 * escrow held or failed. Its
 * description goes to messaging to be translated for chefs of the other language (issue 32).
 */
export async function postJob(
  ctx: JobsContext,
  restaurant: Pick<AuthUser, 'id' | 'language'>,
  input: z.infer<typeof jobsHttp.PostJobRequest>,
): Promise<string> {
  const restaurantId = restaurant.id;
  const start = new Date(input.startTime);
  const end = new Date(input.endTime);
  checkPostingWindow(ctx.policy, start, end, ctx.now(), restaurant.language);
  const hourlyRateCents = Math.round(input.hourlyRate * 100);
  const breakMinutes = input.breakMinutes ?? 0;
  // The escrow charges the scheduled time less the posting's break (issue 34; with no break, as before), and
  // at least the card minimum (issue 35): nothing is stored for a charge no card can pay. Both are one seat's;
  // the posting is charged headcount × that seat's figures (issue 35), so each seat's share divides exactly.
  const seat = checkedEscrowCharge(
    ctx.policy,
    { start, end, hourlyRateCents, breakMinutes },
    restaurant.language,
  );
  const headcount = input.headcount ?? 1;
  const pay = postingOfSeats(seat, headcount);
  return inTransaction(ctx, async (tx) => {
    const favorites = await resolveFavorites(ctx.database, tx, restaurantId, [
      ...new Set(input.notifyFavorites),
    ]);
    if (favorites.missing.length > 0) throw JobsErrors.notAFavorite();
    const id = randomUUID();
    const job = {
      id,
      restaurant_id: restaurantId,
      title: input.title,
      description: input.description ? input.description : null,
      start_time: start,
      end_time: end,
      hourly_rate_cents: hourlyRateCents,
      subtotal_cents: pay.subtotalCents,
      fee_cents: pay.feeCents,
      total_cents: pay.totalCents,
      break_minutes: breakMinutes,
      emergency_level: input.emergencyLevel,
      required_skills: [...new Set(input.requiredSkills)],
      notify_favorites: favorites.profileIds,
      // Issue 35: the chefs the posting asks for, one seat each (created open with the job).
      headcount,
    };
    const descriptionTranslation = await announceText(ctx, tx, {
      kind: 'job_description',
      jobId: id,
      words: job.description,
      language: restaurant.language,
      writtenAt: ctx.now(),
    });
    await insertJob(ctx.database, tx, { ...job, description_translation: descriptionTranslation });
    await appendEvent(ctx.database, tx, 'jobs.job.posted.v1', {
      job_id: id,
      restaurant_id: restaurantId,
      title: job.title,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      hourly_rate_cents: hourlyRateCents,
      emergency_level: job.emergency_level,
      subtotal_cents: pay.subtotalCents,
      fee_cents: pay.feeCents,
      total_cents: pay.totalCents,
      notify_favorites: favorites.profileIds,
      break_minutes: breakMinutes,
      headcount: job.headcount,
    });
    // Only the restaurant's lists: a new job waits for payment and joins the chefs' open list when escrow is
    // held (on-escrow-held), so posting it does not make every chef refetch.
    await touchScopes(ctx, tx, [`r:${restaurantId}`]);
    return id;
  });
}
