// Issue 38: a restaurant's tip for a worked seat, as pure rules: whether the seat was worked and what it paid the
// chef (the most a tip may be), the idempotency key of each attempt's charge, and the ledger rule of a tip.

/** What payments recorded of a seat's money: its decision and its timesheet's settlement, if any. */
export interface SeatPayFacts {
  chef_id: string;
  decision: { kind: string; reason: string; chef_id: string | null; chef_pay_cents: number } | null;
  settlement: { now_chef_cents: number; extra_chef_cents: number; extra_status: string } | null;
}

/**
 * Whether the seat was worked, by payments' own records, and what it pays the chef: a timesheet settled with pay
 * (what it paid now, plus its extra once collected), or the seat's money released or split in the chef's favour
 * (not a late cancellation's pay: that shift was not worked).
 */
export function seatChefPay(f: SeatPayFacts): { worked: boolean; chef_pay_cents: number } {
  if (f.settlement) {
    const pay =
      f.settlement.now_chef_cents +
      (f.settlement.extra_status === 'collected' ? f.settlement.extra_chef_cents : 0);
    return { worked: pay > 0, chef_pay_cents: pay };
  }
  const d = f.decision;
  if (!d || d.chef_id !== f.chef_id || d.chef_pay_cents <= 0) return { worked: false, chef_pay_cents: 0 };
  const worked = d.kind === 'release' || (d.kind === 'split' && d.reason !== 'late_cancellation');
  return { worked, chef_pay_cents: worked ? d.chef_pay_cents : 0 };
}

/** Each attempt's charge has its own key: the first `tip:{applicationId}:charge`, then `...:charge:{n}`. */
export const tipChargeKey = (applicationId: string, attempt: number) =>
  attempt <= 1 ? `tip:${applicationId}:charge` : `tip:${applicationId}:charge:${attempt}`;

/** What marks a PaymentIntent as a tip's charge (its metadata `kind`). */
export const TIP_CHARGE_KIND = 'tip';

/** A tip and its ledger entries (part 'tip') as `ledger:check` reads them. */
export interface TipLedgerFacts {
  seat_no: number;
  status: 'charging' | 'charged' | 'paid' | 'failed';
  amount_cents: number;
  /** the tip's entries at its seat, by kind: amounts and how many */
  charges: number[];
  transfers: number[];
  fees: number[];
  refunds: number[];
}

/**
 * A tip's rule: charged once for its amount, transferred once whole when paid, never a fee or a refund; nothing
 * transferred without its charge; a tip still charging or failed has no entries, a charged one only its charge.
 */
export function tipLedgerProblems(t: TipLedgerFacts): string[] {
  const p: string[] = [];
  const at = `tip of seat ${t.seat_no}`;
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  if (t.charges.length > 1) p.push(`${at} charged ${t.charges.length} times`);
  if (t.transfers.length > 1) p.push(`${at} transferred ${t.transfers.length} times`);
  if (t.fees.length > 0 && sum(t.fees) !== 0) p.push(`${at} kept a fee of ${sum(t.fees)}`);
  if (t.refunds.length > 0) p.push(`${at} has a refund`);
  if (t.transfers.length > 0 && t.charges.length === 0) p.push(`${at} transferred without its charge`);
  if (sum(t.transfers) > sum(t.charges))
    p.push(`${at} transferred ${sum(t.transfers)} > charged ${sum(t.charges)}`);
  const charged = sum(t.charges);
  const transferred = sum(t.transfers);
  if (t.status === 'charging' || t.status === 'failed') {
    if (t.charges.length + t.transfers.length > 0) p.push(`${at} is ${t.status} but has ledger entries`);
  } else {
    if (charged !== t.amount_cents) p.push(`${at} charged ${charged} != tip ${t.amount_cents}`);
    if (t.status === 'paid' && transferred !== t.amount_cents)
      p.push(`${at} paid but transferred ${transferred} != tip ${t.amount_cents}`);
    if (t.status === 'charged' && transferred !== 0) p.push(`${at} transferred before it was booked paid`);
  }
  return p;
}

/** Ledger entries of part 'tip' with no tip row behind them (a movement payments never asked for). */
export function orphanTipProblems(seats: number[]): string[] {
  return seats.map((n) => `tip entries at seat ${n} without a tip`);
}
