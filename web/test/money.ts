import { moneyFacts, type MoneyFacts, type MoneyReason } from '@brigade/contracts';
import type { Balance, ShiftTimesheet } from '../src/features/payments';

/**
 * The money facts the server gives a job's two sides (Job.money, an earnings or receipt row's `money`): the
 * decision's reason (null: nothing decided) and its figures, on its way or done. Defaults: a 5-hour shift at
 * $20 ($100.00 shift pay, $7.00 fee, $107.00 charged), held.
 */
export function serverMoney(
  reason: MoneyReason | null,
  options: {
    done?: boolean;
    disputed?: boolean;
    shift?: number;
    total?: number;
    chef?: number;
    fee?: number;
    refund?: number;
  } = {},
): MoneyFacts {
  const shift = options.shift ?? 10_000;
  const total = options.total ?? 10_700;
  return moneyFacts({
    reason,
    done: options.done,
    disputed: options.disputed,
    shift_pay_cents: shift,
    total_cents: total,
    chef_pay_cents: options.chef ?? shift,
    fee_cents: options.fee ?? total - shift,
    refund_cents: options.refund ?? 0,
  });
}

/**
 * A row's `timesheet` as payments reports it (contracts' ShiftTimesheet, issue 34). Defaults: 5 hours worked and
 * approved at $20, nothing extra, nothing refunded.
 */
export function shiftTimesheet(overrides: Partial<ShiftTimesheet> = {}): ShiftTimesheet {
  const worked = overrides.worked_minutes ?? 300;
  return {
    source: 'approved',
    worked_minutes: worked,
    worked_hours: Math.round((worked / 60) * 100) / 100,
    chef_pay_cents: Math.floor((worked * 2_000) / 60),
    extra_charge_cents: 0,
    extra_charge_status: 'none',
    extra_chef_pay_cents: 0,
    partial_refund_cents: 0,
    under_minimum: null,
    ...overrides,
  };
}

/** A balance as GET /payments/balances answers it: $10.70 of extra hours ($10.00 pay, $0.70 fee), declined. */
export function balance(overrides: Partial<Balance> = {}): Balance {
  const failedAt = new Date(Date.UTC(2026, 10, 24, 2, 0));
  return {
    application_id: '0a000000-0000-4000-8000-000000000001',
    job_id: '0b000000-0000-4000-8000-000000000001',
    job_title: 'Line Cook',
    restaurant_id: '0c000000-0000-4000-8000-000000000001',
    chef_id: '0e000000-0000-4000-8000-000000000001',
    amount_cents: 1_070,
    chef_pay_cents: 1_000,
    fee_cents: 70,
    worked_minutes: 330,
    why: 'declined',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    failed_at: failedAt.toISOString(),
    due_at: new Date(failedAt.getTime() + 72 * 3_600_000).toISOString(),
    overdue: false,
    ...overrides,
  };
}
