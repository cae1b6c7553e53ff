import type { AuthUser } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { savedCardOf } from '../db/saved-cards.repository';
import { noSavedCard } from '../domain/errors';
import { interactive, providerError } from '../adapters/stripe';
import { chargeIntent } from './confirm-application-payment';
import { ensurePaymentIntent } from './ensure-payment-intent';
import { findPayableJob } from './find-payable-job';
import { escrowAnswer } from './start-escrow-payment';

/**
 * `create-escrow-payment` with `use_saved_card`: the job's one PaymentIntent, on the restaurant's Customer,
 * confirmed now off-session with the saved card. The answer is the usual one plus `payment_status`.
 */
export async function payWithSavedCard(
  ctx: PaymentsContext,
  user: AuthUser,
  jobId: string,
  clientAmountCents: number | undefined,
) {
  const job = await findPayableJob(ctx, user, jobId, clientAmountCents);
  const card = await savedCardOf(ctx.database, user.id);
  if (!card) throw noSavedCard();
  let pi = await ensurePaymentIntent(ctx, job);
  if (pi.customer !== card.customer_id) {
    pi = await ctx.stripe
      .get()
      .paymentIntents.update(
        pi.id,
        { customer: card.customer_id },
        interactive(ctx.config, `job:${job.job_id}:customer:${card.customer_id}`),
      )
      .catch(providerError);
  }
  const { paymentStatus } = await chargeIntent(ctx, job, pi, card.payment_method_id, { offSession: true });
  return { ...escrowAnswer(job, pi), payment_status: paymentStatus };
}
