// The onboarding checklist on the dashboards (spec section 4): items, visibility, dismissal, congratulation.
import { CHECKLIST_HIDE_AFTER_COMPLETED, paymentSetupPath, STORAGE_KEYS } from '../../shared/constants';
import type { Application, JobPosting } from '../jobs';
import type { AccountStatus } from '../payments';

export interface ChecklistItem {
  key: string;
  /** i18n key under dashboard:checklist.items */
  label: string;
  to: string;
  done: boolean;
}

export interface ChecklistData {
  jobs: Pick<JobPosting, 'status'>[];
  applications: { status: Application['status']; job_postings?: Pick<JobPosting, 'status'> | null }[];
  accountStatus: Pick<AccountStatus, 'payouts_enabled'> | null;
  /** The restaurant's counts from the API's totals (its job list above is cut at the dashboard's limit). */
  totals?: { posted: number; completed: number };
}

/** If loading fails the checklist falls back to empty data. */
export const EMPTY_CHECKLIST_DATA: ChecklistData = { jobs: [], applications: [], accountStatus: null };

export function completedShifts(userType: 'chef' | 'restaurant', data: ChecklistData): number {
  if (userType === 'chef') {
    return data.applications.filter((a) => a.status === 'accepted' && a.job_postings?.status === 'completed')
      .length;
  }
  return data.totals?.completed ?? data.jobs.filter((j) => j.status === 'completed').length;
}

export function checklistItems(userType: 'chef' | 'restaurant', data: ChecklistData): ChecklistItem[] {
  if (userType === 'chef') {
    return [
      { key: 'profile', label: 'chefProfile', to: '/onboarding/chef', done: true },
      {
        key: 'payouts',
        label: 'chefPayouts',
        to: paymentSetupPath,
        done: !!data.accountStatus?.payouts_enabled,
      },
      { key: 'apply', label: 'chefApply', to: '/jobs', done: data.applications.length > 0 },
      {
        key: 'complete',
        label: 'chefComplete',
        to: '/my-applications',
        done: completedShifts('chef', data) > 0,
      },
    ];
  }
  return [
    { key: 'profile', label: 'restaurantProfile', to: '/onboarding/restaurant', done: true },
    {
      key: 'post',
      label: 'restaurantPost',
      to: '/jobs/post',
      done: (data.totals?.posted ?? data.jobs.length) > 0,
    },
    {
      key: 'review',
      label: 'restaurantReview',
      to: '/my-jobs',
      done: completedShifts('restaurant', data) > 0,
    },
  ];
}

export interface ChecklistView {
  items: ChecklistItem[];
  visible: boolean;
  congratulate: boolean;
  doneCount: number;
}

/**
 * Visible only if some item is incomplete, fewer than 2 shifts are completed and it was not dismissed;
 * with at least one completed shift it turns into a congratulation.
 */
export function checklistView(
  userType: 'chef' | 'restaurant',
  data: ChecklistData,
  dismissed: boolean,
): ChecklistView {
  const items = checklistItems(userType, data);
  const completed = completedShifts(userType, data);
  const incomplete = items.some((i) => !i.done);
  return {
    items,
    visible: incomplete && completed < CHECKLIST_HIDE_AFTER_COMPLETED && !dismissed,
    congratulate: completed >= 1,
    doneCount: items.filter((i) => i.done).length,
  };
}

export function isChecklistDismissed(userId: string): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.checklistDismissed(userId)) === '1';
  } catch {
    return false;
  }
}

export function dismissChecklist(userId: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.checklistDismissed(userId), '1');
  } catch {
    // storage blocked: dismissed for this view only
  }
}

/** Whether the checklist showed the last time its data loaded (unknown: a new account, it will). */
export function wasChecklistShown(userId: string): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.checklistShown(userId)) !== '0';
  } catch {
    return true;
  }
}

export function rememberChecklistShown(userId: string, shown: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.checklistShown(userId), shown ? '1' : '0');
  } catch {
    // storage blocked: the next load keeps the place
  }
}

/** Whether the checklist starts over for this user: no profile and no completed jobs. */
export function startsOver(
  hasProfile: boolean,
  data: ChecklistData,
  userType: 'chef' | 'restaurant',
): boolean {
  return !hasProfile && completedShifts(userType, data) === 0;
}

/** A user who starts over (`startsOver`) has the dismissal forgotten. */
export function resetDismissalIfNew(
  userId: string,
  hasProfile: boolean,
  data: ChecklistData,
  userType: 'chef' | 'restaurant',
): void {
  if (!startsOver(hasProfile, data, userType)) return;
  try {
    window.localStorage.removeItem(STORAGE_KEYS.checklistDismissed(userId));
  } catch {
    // nothing stored
  }
}
