import { useMemo } from 'react';
import { jobsApi } from '../jobs';
import { paymentsApi } from '../payments';
import { EMPTY_CHECKLIST_DATA, type ChecklistData } from './checklist';

/** What the checklist reads; any load failure falls back to empty data. */
export function useChecklistData(
  jobs: ReturnType<typeof jobsApi.useJobsQuery>,
  applications: ReturnType<typeof jobsApi.useApplicationsQuery>,
  completed?: ReturnType<typeof jobsApi.useJobsQuery>,
): ChecklistData | null {
  const status = paymentsApi.useAccountStatusQuery();
  const loading = jobs.isLoading || applications.isLoading || status.isLoading || !!completed?.isLoading;
  return useMemo(() => {
    if (loading) return null;
    if (jobs.isError || applications.isError) return EMPTY_CHECKLIST_DATA;
    const posted = jobs.data?.total;
    const done = completed?.data?.total;
    return {
      jobs: jobs.data?.jobs ?? [],
      applications: applications.data?.applications ?? [],
      accountStatus: status.isError ? null : (status.data ?? null),
      ...(posted !== undefined && done !== undefined ? { totals: { posted, completed: done } } : {}),
    };
  }, [
    loading,
    jobs.isError,
    jobs.data,
    applications.isError,
    applications.data,
    status.isError,
    status.data,
    completed?.data,
  ]);
}

/**
 * What both dashboards load: their jobs (each role's filter), the applications and the checklist's data. A
 * restaurant's counts come from the API's totals: its open and completed shifts are counted by the server
 * (`limit: 1`, only the total is read), not from the recent list cut at the dashboard's limit.
 */
export function useDashboardData(
  args: Parameters<typeof jobsApi.useJobsQuery>[0],
  countRestaurantJobs = false,
) {
  const jobs = jobsApi.useJobsQuery(args);
  const applications = jobsApi.useApplicationsQuery();
  const skip = !countRestaurantJobs;
  const open = jobsApi.useJobsQuery({ status: 'open', limit: 1 }, { skip });
  const completed = jobsApi.useJobsQuery({ status: 'completed', limit: 1 }, { skip });
  const checklist = useChecklistData(jobs, applications, countRestaurantJobs ? completed : undefined);
  return { jobs, applications, checklist, openTotal: open.data?.total };
}
