// Client-side timing constants from the spec (section 9). Product constants (skills, cities, limits...) come
// from @brigade/contracts; this module holds only what the browser decides.

/** Every API call gives up after 10 s. */
export const API_TIMEOUT_MS = 10_000;
/** Status codes a call is retried on (gateway or upstream unavailable). */
export const RETRY_STATUSES = [502, 503, 504] as const;
export const API_MAX_RETRIES = 2;

/** The session is checked every 30 s and refreshed when 3 ticks or fewer remain. */
export const AUTO_REFRESH_TICK_MS = 30_000;
export const AUTO_REFRESH_TICK_THRESHOLD = 3;
/** A session counts as expired 90 s before its real expiry (3 ticks). */
export const EXPIRY_MARGIN_MS = AUTO_REFRESH_TICK_MS * AUTO_REFRESH_TICK_THRESHOLD;
/** Refresh retries back off from 200 ms, doubling, for at most one tick. */
export const REFRESH_RETRY_BASE_MS = 200;

export const VERIFY_REDIRECT_MS = 1_500;
export const SETUP_STATUS_REREAD_MS = 1_000;
/** Sign-out waits at most 3 s for this device's push subscription to be removed (issue 40), then goes on. */
export const PUSH_SIGN_OUT_WAIT_MS = 3_000;
export const NEW_APPLICATION_WINDOW_MS = 24 * 60 * 60 * 1000;
export const DASHBOARD_RECENT_LIMIT = 5;
export const CHECKLIST_HIDE_AFTER_COMPLETED = 2;
export const REQUIREMENTS_PER_GROUP = 3;

export const STORAGE_KEYS = {
  session: 'brigade.session',
  language: 'brigade.language',
  checklistDismissed: (userId: string) => `brigade.checklist.dismissed.${userId}`,
  /** Whether the checklist showed last time ('1'/'0'): while it loads, its place is kept only when it did. */
  checklistShown: (userId: string) => `brigade.checklist.shown.${userId}`,
  /** sessionStorage: the onboarding draft of one account until it is saved (images are not kept). */
  onboardingDraft: (userId: string) => `brigade.onboarding.draft.${userId}`,
} as const;

/** The card provider segment of the payment-setup routes (/payments/{provider}/onboarding). */
export const PAYMENT_PROVIDER = 'stripe';
export const paymentSetupPath = `/payments/${PAYMENT_PROVIDER}/onboarding`;
