import { api } from '../../shared/api';
import { bpsHalfUp, type payHttp } from '@brigade/contracts';
import type { z } from 'zod';

// Issue 38: a chef's instant payout (contracts/src/http/pay.ts): the quote, cashing out now, the list.
export type InstantPayoutQuote = z.infer<typeof payHttp.InstantPayoutQuote>;
export type InstantPayout = payHttp.InstantPayout;
type InstantPayoutResponse = z.infer<typeof payHttp.InstantPayoutResponse>;
type InstantPayoutsResponse = z.infer<typeof payHttp.InstantPayoutsResponse>;

export const payoutsApi = api.injectEndpoints({
  endpoints: (build) => ({
    instantPayoutQuote: build.query<InstantPayoutQuote, void>({
      query: () => '/payments/payouts/instant/quote',
      keepUnusedDataFor: 0,
    }),
    instantPayouts: build.query<InstantPayoutsResponse, void>({
      query: () => '/payments/payouts/instant',
      keepUnusedDataFor: 0,
    }),
    cashOut: build.mutation<InstantPayoutResponse, { amount_cents: number }>({
      query: (body) => ({ url: '/payments/payouts/instant', method: 'POST', body }),
    }),
  }),
});

/**
 * The fee and what reaches the card for `amount` by the quote's own rule (contracts' `instantPayoutMoney`: the
 * quote's basis points half up, at least its minimum; nothing when the record makes it free), so a chef who
 * cashes out less than the whole balance sees the figures the server will move.
 */
export function payoutFigures(quote: InstantPayoutQuote, amountCents: number) {
  const fee = quote.free_because ? 0 : Math.max(quote.min_fee_cents, bpsHalfUp(amountCents, quote.fee_bps));
  return { fee_cents: fee, net_cents: amountCents - fee };
}

/** Dollars typed in the amount field as whole cents, or null when it is not an amount ("12.5" -> 1250). */
export function centsOf(text: string): number | null {
  const m = /^\s*\$?(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
