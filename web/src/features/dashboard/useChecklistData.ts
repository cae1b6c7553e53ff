import { useMemo } from 'react';
import { jobsApi } from '../jobs/jobsApi';
import { paymentsApi } from '../payments/paymentsApi';
import { EMPTY_CHECKLIST_DATA, type ChecklistData } from './checklist';

/** What the checklist reads; any load failure falls back to empty data. */
export function useChecklistData(
  jobs: ReturnType<typeof jobsApi.useJobsQuery>,
  applications: ReturnType<typeof jobsApi.useApplicationsQuery>,
): ChecklistData | null {
  const status = paymentsApi.useAccountStatusQuery();
  const loading = jobs.isLoading || applications.isLoading || status.isLoading;
  return useMemo(() => {
    if (loading) return null;
    if (jobs.isError || applications.isError) return EMPTY_CHECKLIST_DATA;
    return {
      jobs: jobs.data?.jobs ?? [],
      applications: applications.data?.applications ?? [],
      accountStatus: status.isError ? null : (status.data ?? null),
    };
  }, [
    loading,
    jobs.isError,
    jobs.data,
    applications.isError,
    applications.data,
    status.isError,
    status.data,
  ]);
}

/** What both dashboards load: their jobs (each role's filter), the applications and the checklist's data. */
export function useDashboardData(args: Parameters<typeof jobsApi.useJobsQuery>[0]) {
  const jobs = jobsApi.useJobsQuery(args);
  const applications = jobsApi.useApplicationsQuery();
  const checklist = useChecklistData(jobs, applications);
  return { jobs, applications, checklist };
}
