import type { PayoutTemplateName } from './rules';
import type { Render } from './sms-format';

// Issue 38's texts, English and Spanish: a chef's instant payout landed on the debit card, or failed (the money
// is back in the balance and the fee returned).

export const payoutTextsEn: Record<PayoutTemplateName, Render> = {
  instant_payout_paid_chef: (c, f) =>
    `Brigade: your instant payout of ${f.usd(c.net_cents)} reached your debit card${c.fee_cents ? ` (fee ${f.usd(c.fee_cents)})` : ''}.`,
  instant_payout_failed_chef: (c, f) =>
    `Brigade: your instant payout of ${f.usd(c.net_cents)} could not be sent to your debit card (${String(c.failure_message ?? 'the card refused it')}). The ${f.usd(c.amount_cents)} is back in your balance${c.fee_cents ? ` and the ${f.usd(c.fee_cents)} fee is returned` : ''}: ${c.url}/earnings`,
};

export const payoutTextsEs: Record<PayoutTemplateName, Render> = {
  instant_payout_paid_chef: (c, f) =>
    `Brigade: tu pago instantáneo de ${f.usd(c.net_cents)} llegó a tu tarjeta de débito${c.fee_cents ? ` (cargo ${f.usd(c.fee_cents)})` : ''}.`,
  instant_payout_failed_chef: (c, f) =>
    `Brigade: tu pago instantáneo de ${f.usd(c.net_cents)} no se pudo enviar a tu tarjeta de débito. Los ${f.usd(c.amount_cents)} volvieron a tu saldo${c.fee_cents ? ` y se te devuelve el cargo de ${f.usd(c.fee_cents)}` : ''}: ${c.url}/earnings`,
};
