import { DASHBOARD_RECENT_LIMIT } from '../../shared/constants';
import type { StartPageData } from '../../shared/pageData';
import { jobsApi } from '../jobs';
import { offersApi } from '../offers';
import { paymentsApi } from '../payments';

/** The chef dashboard's recent open shifts, as useDashboardData asks them. */
export const CHEF_DASHBOARD_JOBS = { status: 'open' as const, limit: DASHBOARD_RECENT_LIMIT };

/**
 * The chef dashboard's first lists (issue 41, ADR 44), as its hooks first ask them: the recent open shifts, the
 * chef's applications, their payout account's status and the offers made to them. Chefs only.
 */
export const startChefDashboardData: StartPageData = (dispatch, user) => {
  if (user.user_type !== 'chef') return;
  const first = { subscribe: false } as const;
  void dispatch(jobsApi.endpoints.jobs.initiate(CHEF_DASHBOARD_JOBS, first));
  void dispatch(jobsApi.endpoints.applications.initiate(undefined, first));
  void dispatch(paymentsApi.endpoints.accountStatus.initiate(undefined, first));
  void dispatch(offersApi.endpoints.myOffers.initiate(undefined, first));
};
