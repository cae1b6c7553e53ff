import type { paymentsHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { api } from '../../app/api';

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
    jobPayment: build.query<JobPayment, string>({
      query: (jobId) => `/payments/job/${encodeURIComponent(jobId)}`,
      providesTags: (_r, _e, jobId) => [{ type: 'JobPayment', id: jobId }, 'JobPayment'],
    }),
  }),
});
