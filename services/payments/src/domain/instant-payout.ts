import { formatUsd, type PayoutRecord } from '@brigade/contracts';

// Issue 38 (instant payout): the ledger's rule for one payout, and the quote's words. Pure: read by
// queries/check-ledger.ts and queries/instant-payout-quote.ts.

/** One instant payout and its ledger entries (part `payout:{id}`), as `ledger:check` reads them. */
export interface PayoutLedgerFacts {
  payout_id: string;
  /** null: entries of a part no payout row names */
  status: 'pending' | 'paid' | 'failed' | null;
  amount_cents: number;
  fee_cents: number;
  net_cents: number;
  /** the amounts of each kind's entries (more than one of a kind is a violation) */
  entries: { payout: number[]; payout_fee: number[]; payout_fee_returned: number[] };
}

export interface PayoutCheck {
  payout_id: string;
  status: string;
  fee_cents: number;
  net_cents: number;
  ok: boolean;
  problems: string[];
}

/**
 * A payout's rule: fee + net = amount; nothing booked twice; the fee collected is the payout's fee (none when
 * free); paid: the fee entry = fee and the payout entry = net, once each, nothing returned; failed: no payout
 * entry, and a collected fee returned whole; pending: no payout entry and nothing returned yet.
 */
export function payoutLedgerProblems(f: PayoutLedgerFacts): PayoutCheck {
  const problems: string[] = [];
  const { payout, payout_fee: fee, payout_fee_returned: returned } = f.entries;
  const one = (xs: number[]) => xs[0] ?? 0;
  if (f.status === null) problems.push('ledger entries of a payout payments has no record of');
  for (const [kind, xs] of Object.entries(f.entries))
    if (xs.length > 1) problems.push(`${kind} booked ${xs.length} times`);
  if (f.fee_cents + f.net_cents !== f.amount_cents)
    problems.push(`fee ${f.fee_cents} + net ${f.net_cents} != amount ${f.amount_cents}`);
  if (f.fee_cents === 0 && fee.length > 0) problems.push(`a free payout collected a fee of ${one(fee)}`);
  if (fee.length > 0 && one(fee) !== f.fee_cents)
    problems.push(`fee collected ${one(fee)} != the payout's fee ${f.fee_cents}`);
  if (f.status === 'paid') {
    if (f.fee_cents > 0 && fee.length === 0) problems.push(`paid payout without its fee ${f.fee_cents}`);
    if (payout.length === 0) problems.push(`paid payout without its payout entry ${f.net_cents}`);
    else if (one(payout) !== f.net_cents) problems.push(`paid out ${one(payout)} != net ${f.net_cents}`);
    if (returned.length > 0) problems.push('a paid payout returned its fee');
  } else if (f.status === 'failed') {
    if (payout.length > 0) problems.push(`failed payout booked as paid out ${one(payout)}`);
    if (fee.length > 0 && returned.length === 0)
      problems.push(`failed payout's fee ${one(fee)} not returned`);
    if (returned.length > 0 && one(returned) !== one(fee))
      problems.push(`returned ${one(returned)} != fee collected ${one(fee)}`);
  } else if (f.status === 'pending') {
    if (payout.length > 0) problems.push('pending payout booked as paid out');
    if (returned.length > 0) problems.push('pending payout returned its fee');
  }
  return {
    payout_id: f.payout_id,
    status: f.status ?? 'unknown',
    fee_cents: f.fee_cents,
    net_cents: f.net_cents,
    ok: problems.length === 0,
    problems,
  };
}

/** The quote's sentence: which applies (free, or the fee) and why, in the chef's language. */
export function payoutReasonText(
  language: 'en' | 'es',
  q: {
    fee_cents: number;
    fee_bps: number;
    min_fee_cents: number;
    free: boolean;
    min_shifts: number;
    record: PayoutRecord;
  },
): string {
  const pct = `${(q.fee_bps / 100).toLocaleString(language === 'es' ? 'es-US' : 'en-US')}%`;
  const n = q.record.completed_shifts;
  if (language === 'es') {
    const turnos = (k: number) => (k === 1 ? '1 turno trabajado' : `${k} turnos trabajados`);
    if (q.free) return `Gratis: ${turnos(n)} y ninguna ausencia en 90 días.`;
    const needs: string[] = [];
    if (n < q.min_shifts) needs.push(`${turnos(q.min_shifts)} (llevas ${n})`);
    if (q.record.no_shows_90_days > 0)
      needs.push(`ninguna ausencia en 90 días (tienes ${q.record.no_shows_90_days})`);
    return `Cargo ${formatUsd(q.fee_cents)} (${pct}, mínimo ${formatUsd(q.min_fee_cents)}). Gratis con ${needs.join(' y ')}.`;
  }
  const shifts = (k: number) => (k === 1 ? '1 worked shift' : `${k} worked shifts`);
  if (q.free) return `Free: ${shifts(n)} and no no-show in 90 days.`;
  const needs: string[] = [];
  if (n < q.min_shifts) needs.push(`${shifts(q.min_shifts)} (you have ${n})`);
  if (q.record.no_shows_90_days > 0)
    needs.push(`no no-show in 90 days (you have ${q.record.no_shows_90_days})`);
  return `Fee ${formatUsd(q.fee_cents)} (${pct}, at least ${formatUsd(q.min_fee_cents)}). Free with ${needs.join(' and ')}.`;
}
