import { boostMoney, type BoostMoney, type fillHttp, type Language } from '@brigade/contracts';
import type { Executor } from '@brigade/kit';
import type { JobsContext } from '../context';
import { chargingEditOf } from '../db/job-edits.repository';
import { heldSeats } from '../db/offers.repository';
import { EditErrors, refusalError, shapeOfJob, type EditTerms } from '../domain/edits';
import { FillErrors, boostReasonText } from '../domain/fill';
import { checkedEscrowCharge } from '../domain/posting';
import type { JobRow } from '../domain/records';
import { freeSeats } from '../domain/seats';

export interface CheckedBoost {
  before: EditTerms;
  after: EditTerms;
  money: BoostMoney;
  quote: fillHttp.BoostQuote;
}

/**
 * The rules of a boost of `job` to `rateCents` an hour (issue 37), in the order the quote and the POST answer
 * them: an unfilled shift (open with a free seat, its escrow held, not started: 409 JOBS.NOT_BOOSTABLE) with no
 * edit or boost being charged (409 JOBS.EDIT_PENDING), a rate above today's (400 JOBS.BOOST_NOT_HIGHER), and a
 * difference a card can be charged (400 JOBS.EDIT_UNDER_MINIMUM, as edits). A boost is an edit of the rate
 * only (ADR 0031) but, unlike other edits, allowed inside LATE_CANCEL_WINDOW up to the start: that is when a
 * shift nobody took needs it. Reads only.
 */
export async function checkBoost(
  ctx: JobsContext,
  executor: Executor | undefined,
  job: JobRow,
  rateCents: number,
  language: Language,
): Promise<CheckedBoost> {
  const now = ctx.now();
  const unfilled =
    job.status === 'open' &&
    job.payment_status === 'held_in_escrow' &&
    now.getTime() < job.start_time.getTime() &&
    freeSeats(job, await heldSeats(ctx.database, executor as Executor, job.id)) > 0;
  if (!unfilled) throw FillErrors.notBoostable();
  if (await chargingEditOf(ctx.database, executor as Executor, job.id)) throw EditErrors.editPending();
  if (rateCents <= job.hourly_rate_cents) throw FillErrors.boostNotHigher(job.hourly_rate_cents);
  const before = shapeOfJob(job);
  const after: EditTerms = { ...before, hourly_rate_cents: rateCents };
  checkedEscrowCharge(
    ctx.policy,
    {
      start: after.start_time,
      end: after.end_time,
      hourlyRateCents: rateCents,
      breakMinutes: after.break_minutes,
    },
    language,
  );
  const money = boostMoney(before, rateCents);
  if (money.charge_cents < ctx.policy.cardMinimumCents)
    throw refusalError({
      code: 'JOBS.EDIT_UNDER_MINIMUM',
      status: 400,
      difference_cents: money.charge_cents,
      card_minimum_cents: ctx.policy.cardMinimumCents,
    });
  return {
    before,
    after,
    money,
    quote: {
      charge_cents: money.charge_cents,
      fee_cents: money.fee_charge_cents,
      new_total_cents: money.new_total_cents,
      reason_text: boostReasonText(money, language),
    },
  };
}
