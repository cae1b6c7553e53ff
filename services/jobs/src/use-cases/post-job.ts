import { randomUUID } from 'node:crypto';
import { postingOfSeats, type CredentialType, type JobPay, type jobsHttp } from '@brigade/contracts';
import { inTransaction, appendEvent, type AuthUser, type Tx } from '@brigade/kit';
import type { z } from 'zod';
import type { JobsContext } from '../context';
import { resolveFavorites } from '../db/favorites.repository';
import { insertJob } from '../db/jobs.repository';
import { markOccurrenceJob } from '../db/series.repository';
import { touchScopes } from '../db/list-versions.repository';
import { JobsErrors } from '../domain/errors';
import { checkedEscrowCharge, checkPostingWindow } from '../domain/posting';
import { announceText } from './announce-text';
import { ensureNoUnsettledCardDispute } from './card-dispute-flags';

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
  // Issue 38: a lost card dispute not paid back keeps the restaurant from posting.
  await ensureNoUnsettledCardDispute(ctx, restaurantId);
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
    return writePostedJob(ctx, tx, {
      restaurantId,
      language: restaurant.language,
      title: input.title,
      description: input.description ? input.description : null,
      start,
      end,
      hourlyRateCents,
      breakMinutes,
      headcount,
      pay,
      emergencyLevel: input.emergencyLevel,
      requiredSkills: input.requiredSkills,
      notifyFavorites: favorites.profileIds,
      rosterFirstMinutes: input.roster_first_minutes,
      instantBook: input.instant_book,
      requiredCredentials: input.required_credentials,
    });
  });
}

/** A posting as it is written: its shape, its pay (computed by the caller) and, for an occurrence, its series. */
export interface PostedJob {
  restaurantId: string;
  language: 'en' | 'es';
  title: string;
  description: string | null;
  start: Date;
  end: Date;
  hourlyRateCents: number;
  breakMinutes: number;
  headcount: number;
  pay: JobPay;
  emergencyLevel: 'normal' | 'urgent';
  requiredSkills: string[];
  /** Issue 39: the credentials a chef must hold, verified and unexpired, to take it (none when absent). */
  requiredCredentials?: CredentialType[];
  /** chef profile ids, already resolved among the restaurant's favorites */
  notifyFavorites: string[];
  /**
   * Issue 37: chefs who meet the bar may book it at once. A repeat's or a series' occurrences are not
   * instant-book (their series keep no such setting yet): the restaurant posts one that is.
   */
  instantBook?: boolean;
  /**
   * Issue 35: a repeat's or a series' occurrence, paid off-session with the card on file under this key
   * (`repeat:{seriesId}:{date}:charge`, `series:{seriesId}:{date}:charge`).
   */
  occurrence?: { seriesId: string; date: string; idempotencyKey: string };
  /**
   * Issue 37: for this many minutes after the shift opens to chefs (escrow held) only the restaurant's favorites
   * see and can take it (0 or absent: none); the window's end is set when it opens (open-paid-job.ts).
   */
  rosterFirstMinutes?: number;
}

/**
 * The job in pending_payment with its seats, its description announced for translation and
 * `jobs.job.posted.v1`, in the caller's transaction: POST /jobs, a repeat and the series scheduler all post so.
 */
export async function writePostedJob(ctx: JobsContext, tx: Tx, posting: PostedJob): Promise<string> {
  const { pay, start, end, restaurantId } = posting;
  const id = randomUUID();
  const job = {
    id,
    restaurant_id: restaurantId,
    title: posting.title,
    description: posting.description,
    start_time: start,
    end_time: end,
    hourly_rate_cents: posting.hourlyRateCents,
    subtotal_cents: pay.subtotalCents,
    fee_cents: pay.feeCents,
    total_cents: pay.totalCents,
    break_minutes: posting.breakMinutes,
    emergency_level: posting.emergencyLevel,
    required_skills: [...new Set(posting.requiredSkills)],
    notify_favorites: posting.notifyFavorites,
    // Issue 35: the chefs the posting asks for, one seat each (created open with the job).
    headcount: posting.headcount,
    instant_book: posting.instantBook === true,
    required_credentials: posting.requiredCredentials ?? [],
  };
  const descriptionTranslation = await announceText(ctx, tx, {
    kind: 'job_description',
    jobId: id,
    words: job.description,
    language: posting.language,
    writtenAt: ctx.now(),
  });
  await insertJob(ctx.database, tx, {
    ...job,
    description_translation: descriptionTranslation,
    roster_first_minutes: posting.rosterFirstMinutes ?? 0,
  });
  const occurrence = posting.occurrence;
  if (occurrence) await markOccurrenceJob(tx, id, occurrence.seriesId, occurrence.date);
  await appendEvent(ctx.database, tx, 'jobs.job.posted.v1', {
    job_id: id,
    restaurant_id: restaurantId,
    title: job.title,
    start_time: start.toISOString(),
    end_time: end.toISOString(),
    hourly_rate_cents: job.hourly_rate_cents,
    emergency_level: job.emergency_level,
    subtotal_cents: pay.subtotalCents,
    fee_cents: pay.feeCents,
    total_cents: pay.totalCents,
    notify_favorites: job.notify_favorites,
    break_minutes: job.break_minutes,
    headcount: job.headcount,
    charge_card_on_file: occurrence ? { idempotency_key: occurrence.idempotencyKey } : null,
    series_id: occurrence?.seriesId ?? null,
    occurrence_date: occurrence?.date ?? null,
  });
  // Only the restaurant's lists: a new job waits for payment and joins the chefs' open list when escrow is
  // held (on-escrow-held), so posting it does not make every chef refetch.
  await touchScopes(ctx, tx, [`r:${restaurantId}`]);
  return id;
}
