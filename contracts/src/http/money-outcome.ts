import { z } from 'zod';
import { MONEY_OUTCOMES, MONEY_REASONS, MONEY_STATES } from '../money-texts';

const Cents = z.number().int();

/**
 * What a job's money did (or is doing), as the server knows it: the outcome named from the job's money
 * decision and the ledger (`contracts/src/money-texts.ts`), its reason, where it stands, and its figures. The
 * texts every screen and SMS shows are `moneyText(language, side, money)`.
 */
export const MoneyOutcome = z
  .object({
    outcome: z.enum(MONEY_OUTCOMES),
    /** The decision's reason (payments' `decisions.reason`); null while nothing is decided. */
    reason: z.enum(MONEY_REASONS).nullable(),
    /** held: in escrow; moving: decided, on its way; done: the ledger has every movement. */
    state: z.enum(MONEY_STATES),
    shift_pay_cents: Cents,
    total_cents: Cents,
    chef_pay_cents: Cents,
    fee_cents: Cents,
    refund_cents: Cents,
  })
  .meta({ id: 'MoneyOutcome' });
export type MoneyOutcome = z.infer<typeof MoneyOutcome>;
