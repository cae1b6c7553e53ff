import type { Language, payHttp } from '@brigade/contracts';
import { csv, dollars } from './money-reports';

// Issue 38's statements as pure readings of the ledger: a chef's tax year (the transfers to them, their tips, the
// instant-payout fees they paid) and a restaurant's ISO week (every card movement of its shifts). No figure here
// is stored anywhere else; all money in integer cents.

/** One transfer to the chef in the year, as the ledger booked it, with its shift's restaurant. */
export interface YearTransfer {
  job_id: string;
  seat_no: number;
  /** 'escrow', 'extra', 'edit:{id}' (shift pay, cancellation pay included) or 'tip' */
  part: string;
  amount_cents: number;
  restaurant_id: string;
  restaurant_name: string | null;
}

/** Factual, no advice: where the form comes from (the web app shows its own localized text). */
export function taxYearNote(language: Language | undefined, year: number): string {
  return language === 'es'
    ? `Tu formulario de impuestos viene del reporte de impuestos de Stripe Connect, no de Brigade. Estas cifras son lo que el registro de Brigade te pagó en ${year}.`
    : `Your tax form comes from Stripe Connect's tax reporting, not from Brigade. These figures are what Brigade's ledger paid you in ${year}.`;
}

/**
 * A chef's year: gross pay is every shift-pay transfer (escrow, extras, edits; cancellation pay is pay), tips are
 * the tip transfers, fees are the instant-payout fees kept less those returned; shifts are the seats paid in the
 * year; restaurants most paid first. The threshold is reached when gross pay and tips together reach it.
 */
export function taxYearOf(input: {
  year: number;
  transfers: YearTransfer[];
  payoutFeesCents: number;
  thresholdCents: number;
  language?: Language;
  timeZone: string;
}): payHttp.TaxYearResponse {
  const byRestaurant = new Map<
    string,
    { name: string | null; seats: Set<string>; gross: number; tips: number }
  >();
  const seats = new Set<string>();
  let gross = 0;
  let tips = 0;
  for (const t of input.transfers) {
    const r = byRestaurant.get(t.restaurant_id) ?? {
      name: t.restaurant_name,
      seats: new Set<string>(),
      gross: 0,
      tips: 0,
    };
    byRestaurant.set(t.restaurant_id, r);
    if (t.part === 'tip') {
      tips += t.amount_cents;
      r.tips += t.amount_cents;
    } else {
      gross += t.amount_cents;
      r.gross += t.amount_cents;
      seats.add(`${t.job_id}:${t.seat_no}`);
      r.seats.add(`${t.job_id}:${t.seat_no}`);
    }
  }
  const restaurants = [...byRestaurant.entries()]
    .map(([id, r]) => ({
      restaurant_id: id,
      restaurant_name: r.name,
      shifts: r.seats.size,
      gross_pay_cents: r.gross,
      tips_cents: r.tips,
    }))
    .sort(
      (a, b) =>
        b.gross_pay_cents + b.tips_cents - (a.gross_pay_cents + a.tips_cents) ||
        (a.restaurant_name ?? '').localeCompare(b.restaurant_name ?? '') ||
        a.restaurant_id.localeCompare(b.restaurant_id),
    );
  return {
    year: input.year,
    gross_pay_cents: gross,
    tips_cents: tips,
    instant_payout_fees_cents: Math.max(0, input.payoutFeesCents),
    shifts: seats.size,
    restaurants,
    reached_threshold: gross + tips >= input.thresholdCents,
    threshold_cents: input.thresholdCents,
    note: taxYearNote(input.language, input.year),
    time_zone: input.timeZone,
  };
}

/**
 * The tax year as CSV: the year's figures first (one row each), then a row per restaurant. Money in dollars with
 * 2 places, as the earnings CSV writes it.
 */
export function taxYearCsv(report: payHttp.TaxYearResponse): string {
  type Row = {
    item: string;
    restaurant: string | null;
    shifts: number | null;
    gross: number | null;
    tips: number | null;
    fees: number | null;
    id: string | null;
  };
  const money = (cents: number | null) => (cents === null ? null : dollars(cents));
  const rows: Row[] = [
    {
      item: `year ${report.year}`,
      restaurant: null,
      shifts: report.shifts,
      gross: report.gross_pay_cents,
      tips: report.tips_cents,
      fees: report.instant_payout_fees_cents,
      id: null,
    },
    ...report.restaurants.map((r) => ({
      item: 'restaurant',
      restaurant: r.restaurant_name,
      shifts: r.shifts,
      gross: r.gross_pay_cents,
      tips: r.tips_cents,
      fees: null,
      id: r.restaurant_id,
    })),
  ];
  return csv<Row>(
    [
      ['item', (r) => r.item],
      ['restaurant', (r) => r.restaurant],
      ['shifts', (r) => r.shifts],
      ['gross_pay', (r) => money(r.gross)],
      ['tips', (r) => money(r.tips)],
      ['instant_payout_fees', (r) => money(r.fees)],
      [
        'reached_threshold',
        (r) => (r.item === 'restaurant' ? null : report.reached_threshold ? 'yes' : 'no'),
      ],
      ['threshold', (r) => (r.item === 'restaurant' ? null : dollars(report.threshold_cents))],
      ['restaurant_id', (r) => r.id],
    ],
    rows,
  );
}

// ---------- the restaurant's week ----------

/** One ledger movement of the restaurant's shifts in the week, with its shift and chef. */
export interface WeekEntry {
  at: string;
  job_id: string;
  title: string;
  shift_start: string | null;
  seat_no: number;
  kind: 'charge' | 'fee' | 'refund';
  part: string;
  amount_cents: number;
  provider_id: string | null;
  chef_id: string | null;
  chef_name: string | null;
}

/**
 * What a movement is on the statement: the escrow's charge, an extra's, an edit's, a tip, a lost card dispute paid
 * back; a refund; a fee.
 */
export function statementKind(e: Pick<WeekEntry, 'kind' | 'part'>): payHttp.StatementLine['kind'] {
  if (e.kind === 'refund') return 'refund';
  if (e.kind === 'fee') return 'fee';
  if (e.part === 'tip') return 'tip';
  if (e.part === 'extra') return 'extra_charge';
  if (e.part.startsWith('edit:')) return 'edit_charge';
  if (e.part.startsWith('dispute:')) return 'dispute_settlement';
  return 'charge';
}

/** The week's lines and totals: charged is every card charge (tips too), net = charged - refunded. */
export function statementOf(input: {
  week: string;
  timeZone: string;
  range: { starts_at: Date; ends_at: Date };
  entries: WeekEntry[];
}): payHttp.StatementResponse {
  const lines: payHttp.StatementResponse['lines'] = input.entries.map((e) => ({
    at: e.at,
    job_id: e.job_id,
    position: e.title,
    shift_start: e.shift_start,
    seat_no: e.seat_no,
    chef_id: e.chef_id,
    chef_name: e.chef_id ? e.chef_name : null,
    kind: statementKind(e),
    amount_cents: e.amount_cents,
    provider_id: e.provider_id,
  }));
  const sum = (kinds: Array<payHttp.StatementLine['kind']>) =>
    lines.filter((l) => kinds.includes(l.kind)).reduce((total, l) => total + l.amount_cents, 0);
  const charged = sum(['charge', 'extra_charge', 'edit_charge', 'tip', 'dispute_settlement']);
  const refunded = sum(['refund']);
  return {
    week: input.week,
    time_zone: input.timeZone,
    starts_at: input.range.starts_at.toISOString(),
    ends_at: input.range.ends_at.toISOString(),
    lines,
    totals: {
      charged_cents: charged,
      refunded_cents: refunded,
      fees_cents: sum(['fee']),
      tips_cents: sum(['tip']),
      net_cents: charged - refunded,
    },
  };
}

/** The week as CSV: a row per movement, then a totals row; dollars with 2 places. */
export function statementCsv(report: payHttp.StatementResponse): string {
  type Row = payHttp.StatementLine | { totals: true };
  const t = report.totals;
  const line = (r: Row) => ('totals' in r ? null : r);
  return csv<Row>(
    [
      ['week', () => report.week],
      ['at', (r) => line(r)?.at ?? 'totals'],
      ['shift_start', (r) => line(r)?.shift_start ?? null],
      ['position', (r) => line(r)?.position ?? null],
      ['seat', (r) => line(r)?.seat_no ?? null],
      ['chef', (r) => line(r)?.chef_name ?? null],
      ['kind', (r) => line(r)?.kind ?? null],
      ['amount', (r) => (line(r) ? dollars(line(r)!.amount_cents) : null)],
      ['charged', (r) => ('totals' in r ? dollars(t.charged_cents) : null)],
      ['refunded', (r) => ('totals' in r ? dollars(t.refunded_cents) : null)],
      ['fees', (r) => ('totals' in r ? dollars(t.fees_cents) : null)],
      ['tips', (r) => ('totals' in r ? dollars(t.tips_cents) : null)],
      ['net', (r) => ('totals' in r ? dollars(t.net_cents) : null)],
      ['provider_id', (r) => line(r)?.provider_id ?? null],
      ['job_id', (r) => line(r)?.job_id ?? null],
    ],
    [...report.lines, { totals: true }],
  );
}
