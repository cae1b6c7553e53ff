import { onlyWhen, subscribe, type Subscription } from '@brigade/kit';
import type { JobsContext } from '../context';
import { applySuspension, liftSuspension } from '../use-cases/apply-suspension';
import { recordCardDisputeClosed, recordCardDisputeSettled } from '../use-cases/card-dispute-flags';
import { closeEscrow } from '../use-cases/close-escrow';
import { countThreadMessage } from '../use-cases/count-thread-message';
import { offerToSeriesChefs } from '../use-cases/offer-to-series-chefs';
import { openPaidJob } from '../use-cases/open-paid-job';
import { recordExtraCollected } from '../use-cases/record-extra-collected';
import { recordOccurrencePaid, recordOccurrencePaymentNeeded } from '../use-cases/record-occurrence-payment';
import { recordPaymentFailure } from '../use-cases/record-payment-failure';
import {
  recordChefProfile,
  recordPayoutAccount,
  recordRating,
  recordRestaurantProfile,
  recordUserPhone,
} from '../use-cases/record-read-models';
import { recordStatementTranslation } from '../use-cases/record-statement-translation';
import { recordCredentialRevoked, recordCredentialVerified } from '../use-cases/record-credential';
import { isJobTextTranslation, recordTextTranslation } from '../use-cases/record-text-translation';
import { applyCollectedEdit, declineEdit } from '../use-cases/settle-edit-charge';

/**
 * Every event the jobs service reacts to: event type -> use case, on queue jobs.<name>. Each row adapts the
 * event to its use case inline; no handler holds logic of its own. The queues keep their names from before the
 * kit derived them (`on-<handler>`): a renamed queue would be a new, empty one.
 */
export function subscriptions(ctx: JobsContext): Subscription[] {
  return subscribe('jobs', ctx, [
    // The job opens to chefs (or, cancelled or expired meanwhile, the money is asked back); a series'
    // occurrence reads posted and is offered first to the chefs of the previous one (issue 35).
    [
      'payments.escrow.held.v1',
      async (ctx, tx, data) => {
        await openPaidJob(ctx, tx, data.job_id);
        await recordOccurrencePaid(ctx, tx, data.job_id);
        await offerToSeriesChefs(ctx, tx, data.job_id);
      },
      'on-escrow-held',
    ],
    // The job waits in payment_failed; a series' occurrence reads payment_needed (issue 35).
    [
      'payments.escrow.failed.v1',
      async (ctx, tx, data) => {
        await recordPaymentFailure(ctx, tx, data.job_id);
        await recordOccurrencePaymentNeeded(ctx, tx, data.job_id, data.code);
      },
      'on-escrow-failed',
    ],
    // The seat's share left escrow: paid out, refunded, or split (the seat keeps the figures).
    [
      'payments.payout.released.v1',
      (ctx, tx, d) =>
        closeEscrow(ctx, tx, d.job_id, d.seat_no, 'released', {
          reason: d.reason,
          chef_pay_cents: d.amount_cents,
          fee_cents: d.fee_cents ?? null,
          refund_cents: 0,
        }),
      'on-payout-released',
    ],
    [
      'payments.escrow.refunded.v1',
      (ctx, tx, d) =>
        closeEscrow(ctx, tx, d.job_id, d.seat_no, 'refunded', {
          reason: d.reason,
          chef_pay_cents: 0,
          fee_cents: 0,
          refund_cents: d.amount_cents,
        }),
      'on-escrow-refunded',
    ],
    [
      'payments.escrow.settled.v1',
      (ctx, tx, d) =>
        closeEscrow(ctx, tx, d.job_id, d.seat_no, 'settled', {
          reason: d.reason,
          chef_pay_cents: d.chef_pay_cents,
          fee_cents: d.fee_cents,
          refund_cents: d.refund_cents,
        }),
      'on-escrow-settled',
    ],
    [
      'payments.payout_account.updated.v1',
      (ctx, tx, data, event) => recordPayoutAccount(ctx, tx, data, event.occurred_at),
      'on-payout-account-updated',
    ],
    ['payments.extra_charge.collected.v1', recordExtraCollected, 'on-extra-charge-collected'],
    ['payments.edit_charge.collected.v1', applyCollectedEdit, 'on-edit-charge-collected'],
    ['payments.edit_charge.failed.v1', declineEdit, 'on-edit-charge-failed'],
    [
      'identity.chef_profile.updated.v1',
      (ctx, tx, data, event) => recordChefProfile(ctx, tx, data, event.occurred_at),
      'on-chef-profile-updated',
    ],
    [
      'identity.restaurant_profile.updated.v1',
      (ctx, tx, data, event) => recordRestaurantProfile(ctx, tx, data, event.occurred_at),
      'on-restaurant-profile-updated',
    ],
    [
      'identity.rating.changed.v1',
      (ctx, tx, data, event) => recordRating(ctx, tx, data, event.occurred_at),
      'on-rating-changed',
    ],
    ['messaging.statement.translated.v1', recordStatementTranslation, 'on-statement-translated'],
    // a restaurant's description (identity's to keep) is taken without a transaction: it changes nothing here
    [
      'messaging.text.translated.v1',
      onlyWhen<JobsContext, 'messaging.text.translated.v1'>(isJobTextTranslation, recordTextTranslation),
      'on-text-translated',
    ],
    [
      'messaging.message.sent.v1',
      (ctx, tx, data) => countThreadMessage(ctx, tx, data.job_id),
      'on-message-sent',
    ],
    ['identity.user.suspended.v1', applySuspension, 'on-user-suspended'],
    // Issue 38: a lost card dispute flags the restaurant (it cannot post) until it is paid back.
    ['payments.card_dispute.closed.v1', recordCardDisputeClosed],
    ['payments.card_dispute.settled.v1', recordCardDisputeSettled],
    ['identity.user.reinstated.v1', liftSuspension],
    // A user's verified phone (issue 32): a booked shift's two sides reach each other without calling identity.
    [
      'identity.user.registered.v1',
      (ctx, tx, data, event) =>
        recordUserPhone(ctx, tx, { ...data, phone_verified: false }, event.occurred_at),
    ],
    ['identity.user.updated.v1', (ctx, tx, data, event) => recordUserPhone(ctx, tx, data, event.occurred_at)],
    // Issue 39: a chef's verified credentials (a shift may require them), and their revocations.
    ['identity.credential.verified.v1', recordCredentialVerified],
    ['identity.credential.revoked.v1', recordCredentialRevoked],
  ]);
}
