import { AppError } from '@brigade/kit';
import { formatUsd, MESSAGES } from '@brigade/contracts';

/** Every error the payments service answers with: a spec text where the spec gives one, a PAYMENTS.* code. */
export const jobNotFound = () =>
  new AppError(404, 'PAYMENTS.JOB_NOT_FOUND', MESSAGES.jobNotFoundOrNotAuthorized);
export const applicationNotFound = () =>
  new AppError(404, 'PAYMENTS.APPLICATION_NOT_FOUND', 'Application not found');
export const amountMismatch = (expectedCents: number) =>
  new AppError(400, 'PAYMENTS.AMOUNT_MISMATCH', 'The amount does not match the job total', {
    expected_amount_cents: expectedCents,
  });
export const alreadyPaid = () =>
  new AppError(409, 'PAYMENTS.ALREADY_PAID', 'This job is already paid', { paymentStatus: 'held_in_escrow' });
export const jobClosed = () =>
  new AppError(409, 'PAYMENTS.JOB_CLOSED', 'This job is cancelled or closed and cannot be paid');
/** Issue 35: a total no card can be charged (jobs refuses such postings; this guards the provider call). */
export const underCardMinimum = (totalCents: number, minimumCents: number) =>
  new AppError(
    409,
    'PAYMENTS.UNDER_CARD_MINIMUM',
    `This job is charged ${formatUsd(totalCents)}, less than the ${formatUsd(minimumCents)} a card can be charged, and cannot be paid`,
    { amount_cents: totalCents, card_minimum_cents: minimumCents },
  );
export const accountNotFound = () =>
  new AppError(404, 'PAYMENTS.ACCOUNT_NOT_FOUND', 'Payment account not found');
export const badSignature = () => new AppError(400, 'PAYMENTS.BAD_SIGNATURE', 'Invalid Stripe signature');
export const providerUnavailable = () =>
  new AppError(
    503,
    'PAYMENTS.PROVIDER_UNAVAILABLE',
    'The payment provider is unavailable. Please try again.',
  );
/** The same request is still at the provider (a second click, a retry): nothing was done for this one. */
export const requestInProgress = () =>
  new AppError(
    409,
    'PAYMENTS.REQUEST_IN_PROGRESS',
    'This is already being done. Please wait a moment, then check or try again.',
  );
export const noSavedCard = () =>
  new AppError(
    409,
    'PAYMENTS.NO_SAVED_CARD',
    'No saved card. Add a card in Payment Setup or enter a card to pay.',
  );
export const setupNotFound = () => new AppError(404, 'PAYMENTS.SETUP_NOT_FOUND', 'Card setup not found');
export const setupNotComplete = (status: string) =>
  new AppError(409, 'PAYMENTS.SETUP_NOT_COMPLETE', 'The card was not saved. Please try again.', {
    setup_status: status,
  });

// Issue 38, statements: a weekly statement of a week that is not a real ISO week.
export const badWeek = () => new AppError(400, 'PAYMENTS.BAD_WEEK', 'week must be an ISO week like 2026-W48');
