import { api } from '../../app/api';

export interface AccountStatus {
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: { currently_due: string[] };
  account_id: string | null;
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
  }),
});
