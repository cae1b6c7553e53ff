// The money rules as people read them: the contracts' policy texts (the same words as the API's reason_text and
// the SMS), in the screen's language, and the notices built on them (checkout deadline, under review, expiry).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyText, policyText, type PolicyTextKey } from '../../shared/contracts';
import { COUNTDOWN_TICK_MS } from '../../shared/shiftConstants';
import { useAuth } from '../../shared/hooks';
import { usePolling } from '../../shared/usePolling';
import { Alert } from '../../shared/components/Alert';
import type { JobPosting } from './jobsApi';
import { checkoutDeadline } from './shiftState';
import { formatCents, formatShiftMoment } from '../../shared/format';

/** A policy text in the screen's language, its placeholders filled. */
export function usePolicyText() {
  const { i18n } = useTranslation();
  const language = i18n.language === 'es' ? 'es' : 'en';
  return {
    language,
    // "10:48 a.m.." reads "10:48 a.m." (a date or time that ends with a period before the text's own)
    policy: (key: PolicyTextKey, values?: Record<string, string | number>) =>
      policyText(language, key, values).replace(/\.\./g, '.'),
  } as const;
}

/** The current time, re-read every `tickMs` while the tab is visible (countdowns, buttons that end at the start). */
export function useNow(tickMs = COUNTDOWN_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  usePolling(() => setNow(Date.now()), tickMs);
  return now;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** "2 days 5 hours", "5 hours 12 minutes", "12 minutes", "less than a minute". */
export function timeLeftText(ms: number, t: T): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return t('deadline.underMinute');
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts =
    d > 0
      ? [t('deadline.days', { count: d }), h > 0 ? t('deadline.hours', { count: h }) : '']
      : h > 0
        ? [t('deadline.hours', { count: h }), m > 0 ? t('deadline.minutes', { count: m }) : '']
        : [t('deadline.minutes', { count: m })];
  return parts.filter(Boolean).join(' ');
}

/**
 * The countdown to the checkout deadline on a shift waiting for an answer, with the rule that applies after it
 * (policy text `checkout_deadline`, to a chef `checkout_deadline_chef`; the deadline in the shift's city time, as its hours are shown). Nothing once
 * both sides answered or before the shift starts.
 */
export function CheckoutDeadline({ job }: { job: Partial<JobPosting> }) {
  const { t } = useTranslation('jobs');
  const { policy } = usePolicyText();
  const { user } = useAuth();
  const now = useNow();
  const deadline = checkoutDeadline(job, now);
  if (!deadline) return null;
  return (
    <div className="deadline" data-testid="checkout-deadline">
      <strong className={deadline.msLeft > 0 ? 'deadline-left' : 'deadline-passed'}>
        {deadline.msLeft > 0
          ? t('deadline.left', { time: timeLeftText(deadline.msLeft, t) })
          : t('deadline.passed')}
      </strong>{' '}
      <span className="hint">
        {policy(user?.user_type === 'chef' ? 'checkout_deadline_chef' : 'checkout_deadline', {
          deadline: formatShiftMoment(deadline.at, job.restaurant_profiles?.city),
        })}
      </span>
    </div>
  );
}

/**
 * A disputed shift: the money stays held while it is reviewed. One of its two sides (`side`, with the server's
 * Job.money) reads the outcome's own sentence with its figures; otherwise the rule (policy text `under_review`).
 */
export function UnderReview({ job, side }: { job: Partial<JobPosting>; side?: 'chef' | 'restaurant' }) {
  const { policy, language } = usePolicyText();
  if (job.status !== 'disputed') return null;
  const money = side && job.money?.outcome === 'under_review' ? job.money : null;
  return (
    <Alert tone="info">
      <span data-testid="under-review">
        {money ? moneyText(language, side!, money, formatCents) : policy('under_review')}
      </span>
    </Alert>
  );
}

/** An expired shift: nobody confirmed before the start (the owner reads the refund, policy text `expired`). */
export function ExpiredNotice({ job, side }: { job: Partial<JobPosting>; side: 'chef' | 'restaurant' }) {
  const { t } = useTranslation('jobs');
  const { policy } = usePolicyText();
  // One of its two sides reads the outcome itself (Job.money: expired, the refund on its way or back).
  if (job.status !== 'expired' || job.money) return null;
  return (
    <Alert tone="info">
      <span data-testid="expired-notice">
        {side === 'restaurant'
          ? policy('expired', { refund: formatCents(job.total_cents ?? 0) })
          : t('expired.chef')}
      </span>
    </Alert>
  );
}
