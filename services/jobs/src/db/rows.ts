import { sql } from '@brigade/kit';
import type { ApplicationRow, JobRow } from '../domain/records';

export type { ApplicationRow, JobRow };

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

/** A jobs.chef_profiles record as `to_jsonb(cp)` returns it in the read modules' joins (null: no profile yet). */
export interface ChefProfileJson {
  profile_id: string;
  user_id: string;
  name: string;
  bio: string | null;
  city: string | null;
  state: string | null;
  skills: string[] | string | null;
  travel_radius: number | string | null;
  profile_image_url: string | null;
  average_rating: number | string | null;
  total_ratings: number | string | null;
  /** ISO 639-1 codes; absent from a row read before migration 0010 */
  languages?: string[] | string | null;
}

/** A jobs.restaurant_profiles record as `to_jsonb(rp)` returns it in the read modules' joins. */
export interface RestaurantProfileJson {
  profile_id: string;
  user_id: string;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip?: string | null;
  logo_url: string | null;
  cuisine_types: string[] | string | null;
  average_rating: number | string | null;
  total_ratings: number | string | null;
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
    break_minutes: Number(row.break_minutes ?? 0),
    headcount: Number(row.headcount ?? 1),
    ...(row.seats_booked == null ? {} : { seats_booked: Number(row.seats_booked) }),
    ...(row.seats_open == null ? {} : { seats_open: Number(row.seats_open) }),
    ...(row.seats_cancel == null ? {} : { seats_cancel: toJson(row.seats_cancel, {}) }),
    ...(row.seat_view == null ? {} : { seat_view: toJson(row.seat_view, {}) }),
    clock_code: row.clock_code ?? null,
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
    money_reason: row.money_reason ?? null,
    money_chef_pay_cents: row.money_chef_pay_cents == null ? null : Number(row.money_chef_pay_cents),
    money_fee_cents: row.money_fee_cents == null ? null : Number(row.money_fee_cents),
    money_refund_cents: row.money_refund_cents == null ? null : Number(row.money_refund_cents),
    required_skills: toJson(row.required_skills, []),
    notify_favorites: toJson(row.notify_favorites, []),
  };
}
export function normaliseApplication(row: any): ApplicationRow {
  return {
    ...row,
    created_at: toDate(row.created_at),
    updated_at: toDate(row.updated_at),
    ...(row.seat_no === undefined ? {} : { seat_no: row.seat_no === null ? null : Number(row.seat_no) }),
  };
}

/** A patch's `column = value` assignments for an UPDATE: dates as timestamptz, the `json` columns as jsonb. */
export function setClauses(patch: object, json: readonly string[] = []) {
  return Object.entries(patch).map(([column, value]) =>
    json.includes(column)
      ? sql`${sql.identifier(column)} = ${value === null ? null : JSON.stringify(value)}::jsonb`
      : sql`${sql.identifier(column)} = ${value instanceof Date ? sql`${value.toISOString()}::timestamptz` : value}`,
  );
}
