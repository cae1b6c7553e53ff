import type { StartPageData } from '../../shared/pageData';
import { FRESH_ON_MOUNT_S } from '../../shared/pageData';
import { LISTS_POLL_MS } from '../../shared/shiftConstants';
import { jobsApi, type JobsArgs } from './jobsApi';
import { NO_FILTERS, openingsQuery, type OpeningsFilters } from './openingsFilters';
import type { Area } from './FiltersPanel';

/** The shared list's arguments for `filters` and the area (near the chef, or every city). */
export const openingsArgs = (filters: OpeningsFilters, area: Area): JobsArgs => ({
  ...openingsQuery(filters),
  ...(area === 'all' ? { near: 'all' as const } : {}),
});

/**
 * The openings screen's three lists (the shared list, the chef's applications, the shifts offered to them
 * first), polled while the screen is in front; a list fetched in the last seconds (by startOpeningsData) is
 * not asked again on mount.
 */
export const OPENINGS_LISTS = {
  pollingInterval: LISTS_POLL_MS,
  skipPollingIfUnfocused: true,
  refetchOnMountOrArgChange: FRESH_ON_MOUNT_S,
} as const;

/** The screen's first three lists, as it first asks them (no filters, near the chef); chefs only. */
export const startOpeningsData: StartPageData = (dispatch, user) => {
  if (user.user_type !== 'chef') return;
  const first = { subscribe: false } as const;
  void dispatch(jobsApi.endpoints.jobs.initiate(openingsArgs(NO_FILTERS, 'me'), first));
  void dispatch(jobsApi.endpoints.applications.initiate(undefined, first));
  void dispatch(jobsApi.endpoints.offeredFirst.initiate(undefined, first));
};
