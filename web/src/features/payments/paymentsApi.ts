import type { paymentsHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api';

// Request and response shapes come from the contracts (z.infer), never re-declared here.
export type AccountStatus = z.infer<typeof paymentsHttp.AccountStatus>;
export type PaymentsConfig = z.infer<typeof paymentsHttp.PaymentsConfigResponse>;
/** The job's PaymentIntent: its client secret and the figures the card is charged. */
export type EscrowPayment = z.infer<typeof paymentsHttp.ClientSecretResponse>;
/** `amount`: the total the screen shows, in cents (refused when it differs from the job's). */
export type CreateEscrowPaymentBody = z.output<typeof paymentsHttp.CreateEscrowPaymentBody>;
export type CreateAccountResponse = z.infer<typeof paymentsHttp.CreateAccountResponse>;
export type OnboardingLinkBody = z.input<typeof paymentsHttp.OnboardingLinkBody>;
export type OnboardingLinkResponse = z.infer<typeof paymentsHttp.OnboardingLinkResponse>;
/** The payout or refund of a closed job while it is on its way; a job's money as payments sees it. */
export type Settlement = paymentsHttp.Settlement;
export type JobPayment = z.infer<typeof paymentsHttp.JobPayment>;
/** A chef's earnings and a restaurant's receipts, read from the payments ledger. */
export type Earnings = z.infer<typeof paymentsHttp.EarningsResponse>;
export type EarningRow = z.infer<typeof paymentsHttp.EarningRow>;
export type Receipts = z.infer<typeof paymentsHttp.ReceiptsResponse>;
export type ReceiptRow = z.infer<typeof paymentsHttp.ReceiptRow>;
/** Issue 34: a shift paid by its timesheet (hours worked, extra charge, partial refund), on a row of either. */
export type ShiftTimesheet = paymentsHttp.ShiftTimesheet;
/** Issue 34: extra hours whose off-session charge failed, which the restaurant pays in the app. */
export type Balances = z.infer<typeof paymentsHttp.BalancesResponse>;
export type Balance = z.infer<typeof paymentsHttp.Balance>;
export type PayBalanceBody = z.input<typeof paymentsHttp.PayBalanceBody>;
export type PayBalanceAnswer = z.infer<typeof paymentsHttp.PayBalanceResponse>;
/** A CSV export as the server made it: its text and the file name of its Content-Disposition. */
export interface CsvFile {
  text: string;
  filename: string;
}

/** The file name a Content-Disposition header gives (`attachment; filename="x.csv"`), else `fallback`. */
export function attachmentName(header: string | null | undefined, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(header ?? '');
  return match?.[1] ?? fallback;
}
/** The restaurant's saved card (brand, last 4, expiry) or null. */
export type SavedCard = paymentsHttp.SavedCard;
export type SavedCardResponse = z.infer<typeof paymentsHttp.SavedCardResponse>;
export type SavedCardSetup = z.infer<typeof paymentsHttp.SavedCardSetupResponse>;
export type ConfirmPaymentBody = z.input<typeof paymentsHttp.ConfirmPaymentBody>;
export type ConfirmPaymentResponse = z.infer<typeof paymentsHttp.ConfirmPaymentResponse>;

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountStatus: build.query<AccountStatus, void>({
      query: () => '/payments/connect/account-status',
      providesTags: ['AccountStatus'],
    }),
    createAccount: build.mutation<CreateAccountResponse, void>({
      query: () => ({ url: '/payments/connect/create-account', method: 'POST' }),
      invalidatesTags: ['AccountStatus'],
    }),
    onboardingLink: build.mutation<OnboardingLinkResponse, OnboardingLinkBody>({
      query: (body) => ({ url: '/payments/connect/onboarding-link', method: 'POST', body }),
    }),
    paymentsConfig: build.query<PaymentsConfig, void>({
      query: () => '/payments/config',
      keepUnusedDataFor: 3600,
    }),
    /** The job's PaymentIntent client secret; `amount` is the total the screen shows, in cents. */
    createEscrowPayment: build.mutation<EscrowPayment, CreateEscrowPaymentBody>({
      query: (body) => ({ url: '/payments/create-escrow-payment', method: 'POST', body }),
    }),
    /** POST /applications/{id}/confirm-payment: the job of the application paid with this PaymentMethod. */
    confirmApplicationPayment: build.mutation<
      ConfirmPaymentResponse,
      { applicationId: string } & ConfirmPaymentBody
    >({
      query: ({ applicationId, ...body }) => ({
        url: `/applications/${encodeURIComponent(applicationId)}/confirm-payment`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['JobPayment'],
    }),
    savedCard: build.query<SavedCardResponse, void>({
      query: () => '/payments/saved-card',
      providesTags: ['SavedCard'],
    }),
    /** A SetupIntent for the restaurant's Customer; the card field confirms it with the card. */
    setupSavedCard: build.mutation<SavedCardSetup, void>({
      query: () => ({ url: '/payments/saved-card/setup', method: 'POST' }),
    }),
    /** After the card field confirmed: payments asks the provider and records the card. */
    confirmSavedCard: build.mutation<SavedCardResponse, { setup_intent_id: string }>({
      query: (body) => ({ url: '/payments/saved-card/confirm', method: 'POST', body }),
      invalidatesTags: ['SavedCard'],
    }),
    removeSavedCard: build.mutation<SavedCardResponse, void>({
      query: () => ({ url: '/payments/saved-card', method: 'DELETE' }),
      invalidatesTags: ['SavedCard'],
    }),
    jobPayment: build.query<JobPayment, string>({
      query: (jobId) => `/payments/job/${encodeURIComponent(jobId)}`,
      providesTags: (_r, _e, jobId) => [{ type: 'JobPayment', id: jobId }, 'JobPayment'],
    }),
    earnings: build.query<Earnings, void>({
      query: () => '/payments/earnings',
      providesTags: ['JobPayment'],
    }),
    receipts: build.query<Receipts, void>({
      query: () => '/payments/receipts',
      providesTags: ['JobPayment'],
    }),
    /** What the restaurant owes for extra hours its card did not pay (issue 34). */
    balances: build.query<Balances, void>({
      query: () => '/payments/balances',
      providesTags: ['JobPayment'],
    }),
    /**
     * Pay a balance: without a PaymentMethod, the client secret for the card field; with one (after the card
     * field confirmed), payments records it (`payment_status: 'collected'`).
     */
    payBalance: build.mutation<PayBalanceAnswer, { applicationId: string } & PayBalanceBody>({
      query: ({ applicationId, ...body }) => ({
        url: `/payments/balances/${encodeURIComponent(applicationId)}/pay`,
        method: 'POST',
        body,
      }),
    }),
    /** The CSV file of `/payments/earnings` or `/payments/receipts` (a mutation: fetched fresh each time). */
    moneyCsv: build.mutation<CsvFile, 'earnings' | 'receipts'>({
      query: (report) => ({
        url: `/payments/${report}`,
        method: 'GET',
        params: { format: 'csv' },
        responseHandler: 'text',
      }),
      transformResponse: (text: string, meta, report) => ({
        text,
        // the base query passes fetchBaseQuery's meta on (its typing does not say so)
        filename: attachmentName(
          (meta as { response?: Response } | undefined)?.response?.headers.get('content-disposition'),
          `brigade-${report}.csv`,
        ),
      }),
    }),
  }),
});
