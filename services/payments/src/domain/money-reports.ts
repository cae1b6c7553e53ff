import {
  CLOSED_PAYMENT_STATUSES,
  moneyFacts,
  moneyLabel,
  type Language,
  type MoneyReason,
  type PaymentStatus,
  type paymentsHttp,
} from '@brigade/contracts';
import { isHeld } from './escrow-state';

// Earnings (chefs) and receipts (restaurants) as pure readings of one job's ledger, decision and records:
// no figure here is stored anywhere else (no second bookkeeping), all money in integer cents.

/** One charged job as the ledger, its decision and payments' job and application records describe it. */
export interface ShiftMoneyFacts {
  job_id: string;
  /** The seat this row is (issue 35: a posting of several is a row per seat) and the posting's headcount. */
  seat_no: number;
  headcount: number;
  restaurant_id: string;
  /** The position (the job's title). */
  title: string;
  subtotal_cents: number;
  fee_cents: number;
  status: PaymentStatus;
  /** The chef who checked out or was paid (payments' job record). */
  chef_id: string | null;
  /** The chef the restaurant accepted last (applications read model). */
  accepted_chef_id: string | null;
  start_time: string | null;
  end_time: string | null;
  ledger: {
    charged_cents: number;
    fee_cents: number;
    transferred_cents: number;
    refunded_cents: number;
    charge_id: string | null;
    transferred_at: string | null;
    /** issue 38: the seat's tip, charged and transferred (its own part: not in the sums above) */
    tip_charged_cents?: number;
    tip_transferred_cents?: number;
  };
  /** The charged card as the provider described it (null when not known). */
  card: { brand: string | null; last4: string | null };
  /** Issue 34: the settled timesheet of a shift paid by its hours (null: paid as scheduled). */
  timesheet: paymentsHttp.ShiftTimesheet | null;
  decision: {
    kind: 'release' | 'refund' | 'split';
    reason: string;
    chef_id: string | null;
    chef_pay_cents: number;
    fee_cents: number;
    refund_cents: number;
  } | null;
  restaurant_name: string | null;
  chef_name: string | null;
}

/** The shift's length in hours, 2 decimals (null without shift times). */
export function shiftHours(start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  const minutes = Math.round((new Date(end).getTime() - new Date(start).getTime()) / 60_000);
  return Math.round((minutes / 60) * 100) / 100;
}

const closed = (status: PaymentStatus) =>
  (CLOSED_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(status);

/**
 * What the job's money did, from its one decision and the ledger: nothing decided -> held (under review while
 * disputed) with what is held; decided -> the decision's outcome, on its way until the job's escrow closed (every
 * movement in the ledger), then the figures the ledger moved.
 */
export function moneyOf(f: ShiftMoneyFacts): paymentsHttp.MoneyOutcome {
  const d = f.decision;
  const l = f.ledger;
  const done = d !== null && closed(f.status);
  const base = { shift_pay_cents: f.subtotal_cents, total_cents: l.charged_cents };
  if (!d)
    return moneyFacts({
      reason: null,
      disputed: f.status === 'disputed',
      ...base,
      chef_pay_cents: f.subtotal_cents,
      fee_cents: f.fee_cents,
      refund_cents: 0,
    });
  return moneyFacts({
    reason: d.reason as MoneyReason,
    done,
    ...base,
    chef_pay_cents: done ? l.transferred_cents : d.chef_pay_cents,
    fee_cents: done ? l.fee_cents : d.fee_cents,
    refund_cents: done ? l.refunded_cents : d.refund_cents,
  });
}

/** The chef this job's money is (or was to be) for: the decision's, else the one who worked it, else accepted last. */
function chefOf(f: ShiftMoneyFacts): string | null {
  return f.decision?.chef_id ?? f.chef_id ?? f.accepted_chef_id;
}

/**
 * The job as a line of this chef's earnings, or null when it is not theirs (another chef was paid or booked
 * later). Paid out when the ledger has the transfer; on its way while held for them or decided and not moved;
 * cancellation pay for a late cancellation's part of the shift pay; refunded (no pay) when the money went back.
 */
export function earningOf(f: ShiftMoneyFacts, chefId: string): paymentsHttp.EarningRow | null {
  const d = f.decision;
  const base = {
    job_id: f.job_id,
    date: f.start_time,
    restaurant_id: f.restaurant_id,
    restaurant_name: f.restaurant_name,
    position: f.title,
    hours: shiftHours(f.start_time, f.end_time),
    money: moneyOf(f),
    timesheet: f.timesheet,
    seat_no: f.seat_no,
    headcount: f.headcount,
  };
  const refunded = { ...base, gross_pay_cents: 0, status: 'refunded' as const, paid_out_at: null };
  if (d && d.chef_id === chefId) {
    const moved = f.ledger.transferred_cents > 0;
    return {
      ...base,
      tip_cents: f.ledger.tip_transferred_cents ?? 0,
      gross_pay_cents: moved ? f.ledger.transferred_cents : d.chef_pay_cents,
      status: d.reason === 'late_cancellation' ? 'cancellation_pay' : moved ? 'paid_out' : 'on_its_way',
      paid_out_at: moved ? f.ledger.transferred_at : null,
    };
  }
  if (chefOf(f) !== chefId) return null;
  if (d) return d.kind === 'refund' ? refunded : null;
  if (isHeld(f.status))
    return { ...base, gross_pay_cents: f.subtotal_cents, status: 'on_its_way', paid_out_at: null };
  return f.status === 'refunded' ? refunded : null;
}

/** A chef's earnings: the totals paid out and on its way, and every shift of theirs, newest first. */
export function earningsOf(facts: ShiftMoneyFacts[], chefId: string): paymentsHttp.EarningsResponse {
  const shifts = facts.map((f) => earningOf(f, chefId)).filter((r) => r !== null);
  const sum = (rows: typeof shifts) => rows.reduce((total, r) => total + r.gross_pay_cents, 0);
  // issue 38: tips reach the chef whole, on their own transfer: paid out once transferred
  const tips = shifts.reduce((total, r) => total + (r.tip_cents ?? 0), 0);
  return {
    paid_out_cents: sum(shifts.filter((r) => r.paid_out_at !== null)) + tips,
    tips_cents: tips,
    on_its_way_cents: sum(shifts.filter((r) => r.paid_out_at === null && r.status !== 'refunded')),
    shifts,
  };
}

/**
 * The job as a line of its restaurant's receipts: what moved where the ledger has it, else what was decided
 * (on its way), else what is held (shift pay and fee, nothing back yet).
 */
export function receiptOf(f: ShiftMoneyFacts): paymentsHttp.ReceiptRow {
  const d = f.decision;
  const l = f.ledger;
  const shiftPay = l.transferred_cents > 0 ? l.transferred_cents : d ? d.chef_pay_cents : f.subtotal_cents;
  const fee = l.fee_cents > 0 ? l.fee_cents : d ? d.fee_cents : f.fee_cents;
  const refund = l.refunded_cents > 0 ? l.refunded_cents : (d?.refund_cents ?? 0);
  const pending =
    !d ||
    (d.chef_pay_cents > 0 && l.transferred_cents === 0) ||
    (d.refund_cents > 0 && l.refunded_cents === 0) ||
    f.timesheet?.extra_charge_status === 'pending' ||
    f.timesheet?.extra_charge_status === 'failed';
  const chefId = chefOf(f);
  return {
    job_id: f.job_id,
    date: f.start_time,
    position: f.title,
    chef_id: chefId,
    chef_name: chefId ? f.chef_name : null,
    payment_status: f.status,
    charged_cents: l.charged_cents,
    shift_pay_cents: shiftPay,
    platform_fee_cents: fee,
    refund_cents: refund,
    net_charged_cents: l.charged_cents - refund,
    pending,
    card: { brand: f.card.brand, last4: f.card.last4, charge_id: l.charge_id },
    money: moneyOf(f),
    timesheet: f.timesheet,
    seat_no: f.seat_no,
    headcount: f.headcount,
    tip_cents: l.tip_charged_cents ?? 0,
  };
}

/** A restaurant's receipts, newest first, with their totals. */
export function receiptsOf(facts: ShiftMoneyFacts[]): paymentsHttp.ReceiptsResponse {
  const receipts = facts.map(receiptOf);
  const sum = (field: keyof paymentsHttp.ReceiptsResponse['totals']) =>
    receipts.reduce((total, r) => total + r[field], 0);
  return {
    totals: {
      charged_cents: sum('charged_cents'),
      shift_pay_cents: sum('shift_pay_cents'),
      platform_fee_cents: sum('platform_fee_cents'),
      refund_cents: sum('refund_cents'),
      net_charged_cents: sum('net_charged_cents'),
    },
    receipts,
  };
}

// ---------- CSV (RFC 4180: a header row, CRLF, quoted when needed; money in dollars with 2 places) ----------

/** Integer cents as decimal dollars with 2 places: 12345 -> "123.45", -5 -> "-0.05". */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a text a spreadsheet would run as a formula
 * (=, +, -, @ first) is prefixed with an apostrophe. Numbers are written as they are.
 */
function field(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV column: its header and how a row gives its field. */
export type Column<R> = [header: string, value: (row: R) => string | number | null];

export function csv<R>(columns: Array<Column<R>>, rows: R[]): string {
  const lines = [columns.map(([header]) => header), ...rows.map((r) => columns.map(([, value]) => value(r)))];
  return lines.map((l) => l.map(field).join(',')).join('\r\n') + '\r\n';
}

/**
 * The CSV's `seat` column (issue 35): the row's seat of its posting (1 for a shift of one chef), a plain number
 * a spreadsheet cannot read as a date.
 */
function seatColumn(r: { seat_no?: number }): number {
  return r.seat_no ?? 1;
}

/** The CSV's `outcome` column: what the money did, named as the screens name it, in the reader's language. */
export function earningsCsv(report: paymentsHttp.EarningsResponse, language: Language = 'en'): string {
  return csv<paymentsHttp.EarningsResponse['shifts'][number]>(
    [
      ['date', (r) => r.date],
      ['restaurant', (r) => r.restaurant_name],
      ['position', (r) => r.position],
      ['hours', (r) => (r.hours === null ? null : r.hours.toFixed(2))],
      ['gross_pay', (r) => dollars(r.gross_pay_cents)],
      ['outcome', (r) => moneyLabel(language, r.money.outcome)],
      ['status', (r) => r.status],
      ['paid_out_at', (r) => r.paid_out_at],
      ['tip', (r) => dollars(r.tip_cents ?? 0)], // issue 38
      ['seat', seatColumn],
      ['job_id', (r) => r.job_id],
    ],
    report.shifts,
  );
}

export function receiptsCsv(report: paymentsHttp.ReceiptsResponse, language: Language = 'en'): string {
  return csv<paymentsHttp.ReceiptsResponse['receipts'][number]>(
    [
      ['date', (r) => r.date],
      ['position', (r) => r.position],
      ['chef', (r) => r.chef_name],
      ['shift_pay', (r) => dollars(r.shift_pay_cents)],
      ['platform_fee', (r) => dollars(r.platform_fee_cents)],
      ['refunds', (r) => dollars(r.refund_cents)],
      ['charged', (r) => dollars(r.charged_cents)],
      ['net_charged', (r) => dollars(r.net_charged_cents)],
      ['outcome', (r) => moneyLabel(language, r.money.outcome)],
      ['payment_status', (r) => r.payment_status],
      ['card', (r) => (r.card.brand && r.card.last4 ? `${r.card.brand} ${r.card.last4}` : null)],
      ['charge_id', (r) => r.card.charge_id],
      ['tip', (r) => dollars(r.tip_cents ?? 0)], // issue 38
      ['seat', seatColumn],
      ['job_id', (r) => r.job_id],
    ],
    report.receipts,
  );
}
