import { z } from 'zod';
import { NumberLike } from '../common';

// ---------- requests ----------
const JobId = z.string({ error: 'job_id is required' }).uuid('Job not found or not authorized');

export const CreateEscrowPaymentBody = z.object({
  job_id: JobId,
  /** Optional: the amount the client shows, in cents; refused when it differs from the job total. */
  amount: NumberLike.pipe(z.number().int('amount must be whole cents').nonnegative()).optional(),
  /** Pay now with the restaurant's saved card (server-side, off-session) instead of returning a client secret. */
  use_saved_card: z.boolean({ error: 'use_saved_card must be true or false' }).optional(),
});

/** After the card form confirmed the SetupIntent: payments asks the provider and records the card. */
export const SavedCardConfirmBody = z.object({
  setup_intent_id: z
    .string({ error: 'setup_intent_id is required' })
    .trim()
    .regex(/^seti_[A-Za-z0-9]+$/, 'setup_intent_id must be a Stripe SetupIntent id (seti_...)')
    .max(255, 'setup_intent_id must be a Stripe SetupIntent id (seti_...)'),
});

export const CreatePaymentIntentBody = z.object({
  job_id: JobId,
  /** Optional: the amount the client shows, in dollars; refused when it differs from the job total. */
  amount: NumberLike.pipe(z.number().nonnegative()).optional(),
});

export const ConfirmPaymentBody = z.object({
  paymentMethodId: z
    .string({ error: 'paymentMethodId is required' })
    .trim()
    .min(1, 'paymentMethodId is required')
    .max(255)
    .regex(/^pm_[A-Za-z0-9_]+$/, 'paymentMethodId must be a Stripe PaymentMethod id (pm_...)'),
});

export const OnboardingLinkBody = z.object({
  account_id: z
    .string({ error: 'account_id is required' })
    .trim()
    .regex(/^acct_[A-Za-z0-9]+$/, 'account_id must be a Stripe account id')
    .max(255, 'account_id must be a Stripe account id'),
});
