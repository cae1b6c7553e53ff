import Stripe from 'stripe';
import { appendEvent, inTransaction } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { findJob, markFailed, savePaymentIntent } from '../db/jobs.repository';
import type { LeasedTask } from '../db/money-tasks.repository';
import { savedCardOf } from '../db/saved-cards.repository';
import { isPayable } from '../domain/escrow-state';
import { WITH_PAYMENT_METHOD, recordEscrowHeld, recordPaymentFailure } from './record-escrow';

/** The money task's reason for a posting paid with the card on file (a repeat or a series occurrence). */
export const CARD_ON_FILE_REASON = 'card_on_file';

/**
 * Issue 35 (ADR 0031): a repeat or series occurrence (`jobs.job.posted.v1` with `charge_card_on_file`) is charged
 * its total off-session on the restaurant's saved card, with the event's idempotency key, so a crash between
 * posting and charging charges once. The PaymentIntent is the job's escrow PaymentIntent (the same metadata as the
 * one the app creates, recorded as the job's): succeeded, `recordEscrowHeld` (`payments.escrow.held.v1`);
 * declined or needing authentication, `recordPaymentFailure` (`payments.escrow.failed.v1`), and the restaurant can
 * still pay that same PaymentIntent in the app. No saved card: the job fails with `no_saved_card` (it can be paid in
 * the app). A job already paid, ended or with a PaymentIntent of its own is left alone.
 */
export async function chargeCardOnFile(ctx: PaymentsContext, task: LeasedTask): Promise<void> {
  const job = await findJob(ctx.database, task.job_id);
  if (!job || job.payment_intent_id || !isPayable(job.status) || job.cancelled_at || job.expired_at) return;
  const card = await savedCardOf(ctx.database, job.restaurant_id);
  if (!card) {
    await inTransaction(ctx, async (tx) => {
      const current = await findJob(ctx.database, job.job_id, tx, true);
      if (!current || current.payment_intent_id || !isPayable(current.status)) return;
      const failure = { code: 'no_saved_card', declineCode: null, message: 'No card on file' };
      await markFailed(ctx.database, tx, job.job_id, failure);
      await appendEvent(ctx.database, tx, 'payments.escrow.failed.v1', {
        job_id: job.job_id,
        restaurant_id: job.restaurant_id,
        payment_intent_id: null,
        code: failure.code,
        decline_code: null,
        message: failure.message,
      });
    });
    return;
  }
  try {
    const pi = await ctx.stripe.get().paymentIntents.create(
      {
        amount: job.total_cents,
        currency: 'usd',
        customer: card.customer_id,
        payment_method: card.payment_method_id,
        off_session: true,
        confirm: true,
        transfer_group: job.job_id,
        description: `Brigade shift: ${job.title}`.slice(0, 1000),
        metadata: {
          job_id: job.job_id,
          restaurant_id: job.restaurant_id,
          subtotal_cents: String(job.subtotal_cents),
          fee_cents: String(job.fee_cents),
        },
        ...WITH_PAYMENT_METHOD,
      },
      { idempotencyKey: task.idempotency_key },
    );
    await savePaymentIntent(ctx.database, job.job_id, pi);
    await inTransaction(ctx, (tx) =>
      pi.status === 'succeeded'
        ? recordEscrowHeld(ctx, tx, pi)
        : recordPaymentFailure(ctx, tx, {
            paymentIntentId: pi.id,
            chargeId: null,
            code: pi.status === 'requires_action' ? 'authentication_required' : pi.status,
            declineCode: null,
            message: 'The card on file needs the restaurant to confirm this payment in the app',
          }),
    );
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
    const pi = (err as { payment_intent?: { id?: string; client_secret?: string | null } }).payment_intent;
    if (!pi?.id) throw err;
    await savePaymentIntent(ctx.database, job.job_id, { id: pi.id, client_secret: pi.client_secret ?? null });
    await inTransaction(ctx, (tx) =>
      recordPaymentFailure(ctx, tx, {
        paymentIntentId: pi.id!,
        chargeId: err.charge ?? null,
        code: err.code ?? null,
        declineCode: err.decline_code ?? null,
        message: err.message,
      }),
    );
  }
}
