import type { CredentialType } from '@brigade/contracts';
import { HEADCOUNT_MAX, HEADCOUNT_MIN, LIMITS, POSITIONS } from '../../shared/contracts';
import { wholeNumber } from '../../shared/components/NumberField';

export type Position = (typeof POSITIONS)[number];

/** One of the positions a shift may be posted for (the contract's PostJobRequest.title). */
export function isPosition(title: string): title is Position {
  return (POSITIONS as readonly string[]).includes(title);
}

export interface PostForm {
  title: string;
  start: string;
  end: string;
  hourlyRate: string;
  emergencyLevel: 'normal' | 'urgent';
  notifyFavorites: string[];
  /** Issue 34: the expected unpaid break in whole minutes (0-120; empty reads as 0). */
  breakMinutes: string;
  /** Optional words for the chefs (PostJobRequest.description). */
  description?: string;
  /** Issue 35: the skills a template brings (PostJobRequest.requiredSkills). */
  requiredSkills?: string[];
  /** Issue 39: the credentials a chef must have verified to take it (PostJobRequest.required_credentials). */
  requiredCredentials?: CredentialType[];
  /** Issue 35: how many chefs the posting asks for (1-20; PostJobRequest.headcount). */
  headcount: string;
  /** Issue 37: chefs who meet the bar may book at once (PostJobRequest.instant_book). */
  instantBook?: boolean;
  /** Issue 37: minutes only the restaurant's favorites see it first (PostJobRequest.roster_first_minutes). */
  rosterFirstMinutes?: number;
}

/** Issue 37: the choices of "Offer to my favorites first for" (minutes; 0: everyone at once). */
export const ROSTER_FIRST_CHOICES = [0, 15, 30, 60, 120, 240] as const;

/** The break of the post form as minutes, or null when it is not a whole number from 0 to 120. */
export function breakOf(form: Pick<PostForm, 'breakMinutes'>): number | null {
  return form.breakMinutes.trim() === '' ? 0 : wholeNumber(form.breakMinutes, 0, MAX_BREAK_MINUTES);
}

/** The headcount of the post form, or null when it is not a whole number from 1 to 20. */
export function headcountOf(form: Pick<PostForm, 'headcount'>): number | null {
  return wholeNumber(form.headcount, HEADCOUNT_MIN, HEADCOUNT_MAX);
}

/** The longest unpaid break a posting may expect (PostJobRequest.breakMinutes: 0-120). */
export const MAX_BREAK_MINUTES = 120;

/** The spec's post-form rules (section 5); a failure is a text key in the jobs namespace. */
export function checkPostForm(form: PostForm, now = Date.now()): string | null {
  if (!isPosition(form.title)) return 'post.errors.position';
  if (!form.start || !form.end) return 'post.errors.times';
  const start = new Date(form.start).getTime();
  const end = new Date(form.end).getTime();
  if (Number.isNaN(start) || Number.isNaN(end)) return 'post.errors.times';
  // a minute of grace, as the server allows, for a form filled "now"
  if (start < now - 60_000) return 'post.errors.startPast';
  if (end <= start) return 'post.errors.endBeforeStart';
  const windowEnd = now + LIMITS.postingWindowDays * 24 * 3_600_000;
  if (start > windowEnd || end > windowEnd) return 'post.errors.window';
  const rate = Number(form.hourlyRate);
  if (form.hourlyRate.trim() === '' || !Number.isFinite(rate)) return 'post.errors.rate';
  if (rate < LIMITS.hourlyRateMin || rate > LIMITS.hourlyRateMax) return 'post.errors.rate';
  if (Math.abs(rate * 100 - Math.round(rate * 100)) > 1e-6) return 'post.errors.rateCents';
  const breakMinutes = breakOf(form);
  if (breakMinutes === null) return 'post.errors.break';
  if (breakMinutes * 60_000 >= end - start) return 'post.errors.breakTooLong';
  if (headcountOf(form) === null) return 'post.errors.headcount';
  return null;
}

/** A Date as the value of <input type="datetime-local"> in local time (to the minute). */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
