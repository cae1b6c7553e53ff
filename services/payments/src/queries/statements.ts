import type { AuthUser } from '@brigade/kit';
import {
  formatIsoWeek,
  isoWeekAt,
  isoWeekRange,
  parseIsoWeek,
  timeZoneOfCity,
  yearRange,
  type payHttp,
} from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { badWeek } from '../domain/errors';
import { statementOf, taxYearOf } from '../domain/statements';
import { chefPayoutFees, chefTransfers, cityOf, restaurantWeekEntries } from '../db/statements.repository';

/**
 * `GET /payments/earnings/tax-year`: the calling chef's calendar year in their city's zone (America/Chicago when
 * payments has not heard their city), read from the ledger.
 */
export async function getTaxYear(
  ctx: PaymentsContext,
  chef: AuthUser,
  year: number,
): Promise<payHttp.TaxYearResponse> {
  const timeZone = timeZoneOfCity(await cityOf(ctx.database, chef.id));
  const { starts_at, ends_at } = yearRange(year, timeZone);
  const [transfers, payoutFeesCents] = await Promise.all([
    chefTransfers(ctx.database, chef.id, starts_at, ends_at),
    chefPayoutFees(ctx.database, chef.id, starts_at, ends_at),
  ]);
  return taxYearOf({
    year,
    transfers,
    payoutFeesCents,
    thresholdCents: ctx.config.policy.taxFormThresholdCents,
    language: chef.language,
    timeZone,
  });
}

/** The ISO week before the one `now` falls in, in a zone (the last complete week). */
export function lastCompleteWeek(now: Date, timeZone: string): { year: number; week: number } {
  const current = isoWeekRange(isoWeekAt(now, timeZone), timeZone);
  return isoWeekAt(new Date(current.starts_at.getTime() - 1), timeZone);
}

/** A restaurant's ISO week in its own zone: every card movement of its shifts, with the totals. */
export async function statementOfWeek(
  ctx: PaymentsContext,
  restaurantId: string,
  week: { year: number; week: number },
  timeZone: string,
): Promise<payHttp.StatementResponse> {
  const range = isoWeekRange(week, timeZone);
  const entries = await restaurantWeekEntries(ctx.database, restaurantId, range.starts_at, range.ends_at);
  return statementOf({ week: formatIsoWeek(week), timeZone, range, entries });
}

/**
 * `GET /payments/statements?week=2026-W48`: the calling restaurant's week (no week: the last complete one) in
 * its city's zone; a week that is not a real ISO week (2025-W53, 2026-W00) is a 400.
 */
export async function getStatement(
  ctx: PaymentsContext,
  restaurant: AuthUser,
  weekText: string | undefined,
  now = ctx.now(),
): Promise<payHttp.StatementResponse> {
  const timeZone = timeZoneOfCity(await cityOf(ctx.database, restaurant.id));
  const week = weekText === undefined ? lastCompleteWeek(now, timeZone) : parseIsoWeek(weekText);
  if (!week) throw badWeek();
  return statementOfWeek(ctx, restaurant.id, week, timeZone);
}
