import { sql, type Database, type Executor } from '@brigade/kit';
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

/** A row as the driver hands it over: every column, some as text (dates, numerics, jsonb) until normalised. */
export type DriverRow = Record<string, unknown>;

/** The row's columns as read, with the ones `converted` lists replaced (typed against the record). */
export function normalised<T>(row: DriverRow, converted: Partial<T>): T {
  return { ...row, ...converted } as T;
}

/** The first row a query finds, normalised, or null: the shape of every finder and locker of one row. */
export async function firstRow<T>(
  database: Database,
  normalise: (row: DriverRow) => T,
  query: Parameters<Database['rows']>[0],
  executor?: Executor,
  options?: Parameters<Database['rows']>[2],
): Promise<T | null> {
  const [row] = await database.rows(query, executor, options);
  return row ? normalise(row) : null;
}

/** One column of every row a query finds, in its order: the shape of every "ids of" reader. */
export async function valuesOf<T>(
  database: Database,
  column: string,
  query: Parameters<Database['rows']>[0],
  executor?: Executor,
): Promise<T[]> {
  const rows = await database.rows(query, executor);
  return rows.map((row) => row[column] as T);
}

/** Drivers differ (Date vs string, jsonb text vs parsed): normalise once. */
export function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(value as string);
}
export const dateOrNull = (value: unknown): Date | null => (value == null ? null : toDate(value));
export const numberOrNull = (value: unknown): number | null => (value == null ? null : Number(value));
export function toJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
export function normaliseJob(row: DriverRow): JobRow {
  return normalised<JobRow>(row, {
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
    ...(row.seats_cancel == null
      ? {}
      : { seats_cancel: toJson<JobRow['seats_cancel']>(row.seats_cancel, undefined) }),
    ...(row.seat_view == null ? {} : { seat_view: toJson<JobRow['seat_view']>(row.seat_view, undefined) }),
    clock_code: (row.clock_code ?? null) as JobRow['clock_code'],
    chef_rating: row.chef_rating === null ? null : Number(row.chef_rating),
    restaurant_rating: row.restaurant_rating === null ? null : Number(row.restaurant_rating),
    chef_rating_public: row.chef_rating_public === true,
    restaurant_rating_public: row.restaurant_rating_public === true,
    cancelled_at: dateOrNull(row.cancelled_at),
    roster_first_minutes: Number(row.roster_first_minutes ?? 0),
    roster_first_until: dateOrNull(row.roster_first_until),
    roster_window_ended_at: dateOrNull(row.roster_window_ended_at),
    restaurant_checked_out_at: dateOrNull(row.restaurant_checked_out_at),
    chef_checked_out_at: dateOrNull(row.chef_checked_out_at),
    cancelled_by: (row.cancelled_by ?? null) as JobRow['cancelled_by'],
    cancelled_late: (row.cancelled_late ?? null) as JobRow['cancelled_late'],
    cancelled_chef_id: (row.cancelled_chef_id ?? null) as JobRow['cancelled_chef_id'],
    cancel_chef_pay_cents: numberOrNull(row.cancel_chef_pay_cents),
    cancel_fee_cents: numberOrNull(row.cancel_fee_cents),
    cancel_refund_cents: numberOrNull(row.cancel_refund_cents),
    cancel_reason: (row.cancel_reason ?? null) as JobRow['cancel_reason'],
    money_reason: (row.money_reason ?? null) as JobRow['money_reason'],
    money_chef_pay_cents: numberOrNull(row.money_chef_pay_cents),
    money_fee_cents: numberOrNull(row.money_fee_cents),
    money_refund_cents: numberOrNull(row.money_refund_cents),
    required_skills: toJson(row.required_skills, []),
    required_credentials: toJson(row.required_credentials, []),
    notify_favorites: toJson(row.notify_favorites, []),
    instant_book: row.instant_book === true,
    boosted_from_rate_cents: numberOrNull(row.boosted_from_rate_cents),
  });
}
export function normaliseApplication(row: DriverRow): ApplicationRow {
  return normalised<ApplicationRow>(row, {
    created_at: toDate(row.created_at),
    updated_at: toDate(row.updated_at),
    ...(row.seat_no === undefined ? {} : { seat_no: numberOrNull(row.seat_no) }),
    reconfirm_by: dateOrNull(row.reconfirm_by),
    reconfirm_asked_at: dateOrNull(row.reconfirm_asked_at),
    reconfirmed_at: dateOrNull(row.reconfirmed_at),
  });
}

/** A patch's `column = value` assignments for an UPDATE: dates as timestamptz, the `json` columns as jsonb. */
export function setClauses(patch: object, json: readonly string[] = []) {
  return Object.entries(patch).map(([column, value]) =>
    json.includes(column)
      ? sql`${sql.identifier(column)} = ${value === null ? null : JSON.stringify(value)}::jsonb`
      : sql`${sql.identifier(column)} = ${value instanceof Date ? sql`${value.toISOString()}::timestamptz` : value}`,
  );
}
