import { randomUUID } from 'node:crypto';
import { AppError, inTransaction, type AuthUser } from '@brigade/kit';
import { formatUsd, tipMaxCents, type payHttp } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { isProviderOutage } from '../adapters/stripe';
import { cardOnFile } from '../db/saved-cards.repository';
import { beginTip, findTip, scheduleTipCharge, tipOfRow } from '../db/tips.repository';
import { noSavedCard } from '../domain/errors';
import { tipRefusalOf, tipSeatOf } from '../queries/get-tip-state';
import { chargeTip } from './charge-tip';

const REFUSAL_TEXT: Record<string, string> = {
  'PAYMENTS.TIP_NOT_WORKED': 'This shift has not been worked and paid yet, so it cannot be tipped',
  'PAYMENTS.TIP_WINDOW_CLOSED': 'The time to tip this shift has passed',
  'PAYMENTS.TIP_ALREADY_GIVEN': 'This shift has already been tipped',
};

const refused = (code: string) =>
  new AppError(409, code, REFUSAL_TEXT[code] ?? 'This shift cannot be tipped');

/**
 * `POST /applications/{applicationId}/tip` `{ amount_cents }`: the restaurant tips the chef of a worked seat, up
 * to TIP_WINDOW after the shift, 1 cent up to 100% of the chef's pay. Refused (409: not worked, window closed,
 * already tipped; 400: over 100%; 409: no card on file) before anything is written. Otherwise the tip is written
 * `charging` (a second request finds it and is refused) with its charge's money task due after the runner's
 * lease, then charged off-session now with no fee: 201 with the tip (`charged`, then `paid` when its transfer is
 * booked; `charging` while the provider is down: the runner asks again, same key); the card not paying: 402 with
 * its text, and nothing reaches the chef (the restaurant may tip again: a new attempt, a new key).
 */
export async function giveTip(
  ctx: PaymentsContext,
  user: AuthUser,
  applicationId: string,
  amountCents: number,
): Promise<{ tip: payHttp.Tip }> {
  const seat = await tipSeatOf(ctx, user, applicationId);
  const refusal = tipRefusalOf(ctx, seat);
  if (refusal) throw refused(refusal);
  const max = tipMaxCents(seat.chef_pay_cents);
  if (amountCents > max)
    throw new AppError(
      400,
      'PAYMENTS.TIP_TOO_LARGE',
      `A tip can be at most 100% of the chef's pay for the shift: ${formatUsd(max)}`,
      { max_cents: max },
    );
  if (!(await cardOnFile(ctx.database, seat.job))) throw noSavedCard();
  const { STRIPE_TIMEOUT_MS, STRIPE_MAX_NETWORK_RETRIES } = ctx.config;
  const graceMs = STRIPE_TIMEOUT_MS * (STRIPE_MAX_NETWORK_RETRIES + 1) + 5_000;
  const tip = await inTransaction(ctx, async (tx) => {
    const begun = await beginTip(ctx.database, tx, {
      id: randomUUID(),
      application_id: applicationId,
      job_id: seat.job.job_id,
      seat_no: seat.seat_no,
      restaurant_id: seat.job.restaurant_id,
      chef_id: seat.chef_id,
      amount_cents: amountCents,
    });
    if (begun) await scheduleTipCharge(ctx.database, tx, begun, graceMs);
    return begun;
  });
  if (!tip) throw refused('PAYMENTS.TIP_ALREADY_GIVEN');
  try {
    const outcome = await chargeTip(ctx, tip);
    if ('failed' in outcome) {
      const f = outcome.failed;
      throw new AppError(
        402,
        f.requires_authentication ? 'PAYMENTS.AUTHENTICATION_REQUIRED' : 'PAYMENTS.CARD_ERROR',
        f.message,
        { paymentStatus: 'failed', stripe_code: f.code, decline_code: f.decline_code },
      );
    }
  } catch (err) {
    // The provider down or slow: the tip stays `charging` and its task asks again with the same key.
    if (!isProviderOutage(err)) throw err;
    ctx.logger.warn({ application: applicationId }, 'tip charge not answered: the runner will ask again');
  }
  const now = await findTip(ctx.database, { id: tip.id });
  return { tip: tipOfRow(now!) };
}
