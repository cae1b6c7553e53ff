import type { AuthUser } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { balancesOf, owedBalances, type SettlementRow } from '../db/timesheets.repository';

// A restaurant's balance (issue 34): the extra hours of a timesheet whose off-session charge was declined or needed
// the restaurant to authenticate (paid in the app: use-cases/pay-balance.ts).

const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());

/** Why the card did not pay the extra. */
function whyOf(s: SettlementRow): 'authentication_required' | 'declined' | 'no_card' {
  if (s.extra_requires_authentication) return 'authentication_required';
  return s.extra_failure_code === 'no_saved_card' ? 'no_card' : 'declined';
}

/** A balance as the restaurant (and the operator console) reads it. */
export function balanceView(s: SettlementRow & { title: string }, now: Date) {
  return {
    application_id: s.application_id,
    job_id: s.job_id,
    job_title: s.title,
    restaurant_id: s.restaurant_id,
    chef_id: s.chef_id,
    /** what is owed: the extra hours' pay with its fee */
    amount_cents: s.extra_charge_cents,
    chef_pay_cents: s.extra_chef_cents,
    fee_cents: s.extra_fee_cents,
    worked_minutes: s.worked_minutes,
    why: whyOf(s),
    code: s.extra_failure_code,
    decline_code: s.extra_decline_code,
    failed_at: iso(s.extra_failed_at),
    /** when it becomes owed money in the operator console (BALANCE_DUE_AFTER after the charge failed) */
    due_at: iso(s.extra_due_at),
    overdue: s.extra_due_at !== null && new Date(s.extra_due_at).getTime() <= now.getTime(),
  };
}

/** `GET /payments/balances`: what the restaurant owes, oldest first, with the total. */
export async function listBalances(ctx: PaymentsContext, user: AuthUser) {
  const now = ctx.now();
  const balances = (await balancesOf(ctx.database, user.id)).map((b) => balanceView(b, now));
  return { total_cents: balances.reduce((n, b) => n + b.amount_cents, 0), balances };
}

/** `GET /ops/balances`: balances owed past BALANCE_DUE_AFTER, every restaurant (operators). */
export async function listOwedBalances(ctx: PaymentsContext, now = ctx.now()) {
  const balances = (await owedBalances(ctx.database, now)).map((b) => balanceView(b, now));
  return { total_cents: balances.reduce((n, b) => n + b.amount_cents, 0), balances };
}
