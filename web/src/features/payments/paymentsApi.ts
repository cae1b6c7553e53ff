import type { paymentsHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { api } from '../../app/api';

export interface AccountStatus {
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: { currently_due: string[] };
  account_id: string | null;
}

export interface PaymentsConfig {
  sandbox: boolean;
  publishable_key: string | null;
}

export interface EscrowPayment {
  client_secret: string;
  payment_intent_id: string;
  amount_cents: number;
  subtotal_cents: number;
  fee_cents: number;
}

/** The payout or refund of a closed job while it is on its way; a job's money as payments sees it (contracts). */
export type Settlement = paymentsHttp.Settlement;
export type JobPayment = z.infer<typeof paymentsHttp.JobPayment>;

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountStatus: build.query<AccountStatus, void>({
      query: () => '/payments/connect/account-status',
      providesTags: ['AccountStatus'],
    }),
    createAccount: build.mutation<{ account_id: string }, void>({
      query: () => ({ url: '/payments/connect/create-account', method: 'POST' }),
      invalidatesTags: ['AccountStatus'],
    }),
    onboardingLink: build.mutation<{ url: string }, { account_id: string }>({
      query: (body) => ({ url: '/payments/connect/onboarding-link', method: 'POST', body }),
    }),
    paymentsConfig: build.query<PaymentsConfig, void>({
      query: () => '/payments/config',
      keepUnusedDataFor: 3600,
    }),
    /** The job's PaymentIntent client secret; `amount` is the total the screen shows, in cents. */
    createEscrowPayment: build.mutation<EscrowPayment, { job_id: string; amount: number }>({
      query: (body) => ({ url: '/payments/create-escrow-payment', method: 'POST', body }),
    }),
    jobPayment: build.query<JobPayment, string>({
      query: (jobId) => `/payments/job/${encodeURIComponent(jobId)}`,
      providesTags: (_r, _e, jobId) => [{ type: 'JobPayment', id: jobId }, 'JobPayment'],
    }),
  }),
});
