import type { ApplicationStatus, JobStatus, PaymentStatus } from '@brigade/contracts';

/** A jobs.jobs row as the driver returns it. */
export interface JobRow {
  id: string;
  restaurant_id: string;
  title: string;
  description: string | null;
  start_time: Date;
  end_time: Date;
  hourly_rate_cents: number;
  subtotal_cents: number;
  fee_cents: number;
  total_cents: number;
  emergency_level: 'normal' | 'urgent';
  required_skills: string[];
  notify_favorites: string[];
  status: JobStatus;
  payment_status: PaymentStatus;
  restaurant_checkout_completed: boolean;
  chef_checkout_completed: boolean;
  restaurant_work_completed: boolean | null;
  chef_work_completed: boolean | null;
  chef_rating: number | null;
  restaurant_rating: number | null;
  restaurant_feedback: string | null;
  chef_feedback: string | null;
  /** When each side answered its checkout (null before; shifts checked out before issue 17 too). */
  restaurant_checked_out_at: Date | null;
  chef_checked_out_at: Date | null;
  /** How it was cancelled (null unless cancelled): the quote at that moment. */
  cancelled_at: Date | null;
  cancelled_by: 'restaurant' | 'system' | null;
  cancelled_late: boolean | null;
  cancelled_chef_id: string | null;
  cancel_chef_pay_cents: number | null;
  cancel_fee_cents: number | null;
  cancel_refund_cents: number | null;
  cancel_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface ApplicationRow {
  id: string;
  job_id: string;
  chef_id: string;
  chef_profile_id: string | null;
  status: ApplicationStatus;
  worker_confirmed: boolean | null;
  created_at: Date;
  updated_at: Date;
}

export interface ChefProfileRow {
  profile_id: string;
  user_id: string;
  name: string;
  bio: string;
  city: string | null;
  state: string | null;
  skills: string[];
  travel_radius: number | null;
  profile_image_url: string | null;
  average_rating: number | null;
  total_ratings: number;
}

/** Drivers differ (Date vs string, jsonb text vs parsed): normalise once. */
export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}
export function toJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
export function normaliseJob(row: any): JobRow {
  return {
    ...row,
    start_time: toDate(row.start_time),
    end_time: toDate(row.end_time),
    created_at: toDate(row.created_at),
    updated_at: toDate(row.updated_at),
    hourly_rate_cents: Number(row.hourly_rate_cents),
    subtotal_cents: Number(row.subtotal_cents),
    fee_cents: Number(row.fee_cents),
    total_cents: Number(row.total_cents),
    chef_rating: row.chef_rating === null ? null : Number(row.chef_rating),
    restaurant_rating: row.restaurant_rating === null ? null : Number(row.restaurant_rating),
    cancelled_at: row.cancelled_at ? toDate(row.cancelled_at) : null,
    restaurant_checked_out_at: row.restaurant_checked_out_at ? toDate(row.restaurant_checked_out_at) : null,
    chef_checked_out_at: row.chef_checked_out_at ? toDate(row.chef_checked_out_at) : null,
    cancelled_by: row.cancelled_by ?? null,
    cancelled_late: row.cancelled_late ?? null,
    cancelled_chef_id: row.cancelled_chef_id ?? null,
    cancel_chef_pay_cents: row.cancel_chef_pay_cents == null ? null : Number(row.cancel_chef_pay_cents),
    cancel_fee_cents: row.cancel_fee_cents == null ? null : Number(row.cancel_fee_cents),
    cancel_refund_cents: row.cancel_refund_cents == null ? null : Number(row.cancel_refund_cents),
    cancel_reason: row.cancel_reason ?? null,
    required_skills: toJson(row.required_skills, []),
    notify_favorites: toJson(row.notify_favorites, []),
  };
}
export function normaliseApplication(row: any): ApplicationRow {
  return { ...row, created_at: toDate(row.created_at), updated_at: toDate(row.updated_at) };
}
