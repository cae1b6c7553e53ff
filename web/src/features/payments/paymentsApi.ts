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

/** The payout or refund of a closed job while it is on its way (see contracts: Settlement). */
export interface Settlement {
  kind: 'payout' | 'refund';
  state: 'in_progress' | 'delayed' | 'done';
  reason: 'provider_unavailable' | 'payout_account_missing' | 'other' | null;
  attempts: number;
  last_attempt_at: string | null;
  next_retry_at: string | null;
}

export interface JobPayment {
  job_id: string;
  title: string;
  payment_status:
    'pending' | 'held_in_escrow' | 'failed' | 'completed' | 'refunded' | 'settled' | 'disputed' | string;
  amount_cents: number;
  subtotal_cents: number;
  fee_cents: number;
  total_cents: number;
  client_secret: string | null;
  cancelled: boolean;
  last_error: { code: string | null; decline_code: string | null; message: string } | null;
  settlement?: Settlement | null;
}

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
