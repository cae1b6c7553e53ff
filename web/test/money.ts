import { moneyFacts, type MoneyFacts, type MoneyReason } from '@brigade/contracts';

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
