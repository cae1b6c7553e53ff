import type { TipTemplateName } from './rules';
import type { Render } from './sms-format';

// Issue 38's texts, English and Spanish: a tip. The chef hears that the restaurant's tip reached them whole; the
// restaurant hears that its card did not pay a tip (the card's words), that nothing was sent, and where to try again.

export const tipTextsEn: Record<TipTemplateName, Render> = {
  tip_paid_chef: (c, f) =>
    `Brigade: ${f.restaurant} tipped you ${f.usd(c.amount_cents)} for ${f.shift}. It is on its way to your bank, no fee: ${c.url}/earnings`,
  tip_failed_restaurant: (c, f) =>
    `Brigade: we could not charge your card ${f.usd(c.amount_cents)} for your tip to ${f.chefMid} for ${f.shift}${c.failure_message ? ` (${c.failure_message})` : ''}. Nothing was sent. Try again from the shift: ${c.url}/jobs/${c.job_id}`,
};

export const tipTextsEs: Record<TipTemplateName, Render> = {
  tip_paid_chef: (c, f) =>
    `Brigade: ${f.restaurant} te dio una propina de ${f.usd(c.amount_cents)} por ${f.shift}. Va en camino a tu banco, sin tarifa: ${c.url}/earnings`,
  tip_failed_restaurant: (c, f) =>
    `Brigade: no pudimos cobrar ${f.usd(c.amount_cents)} a tu tarjeta por tu propina para ${f.chefMid} en ${f.shift}${c.failure_message ? ` (${c.failure_message})` : ''}. No se envió nada. Inténtalo de nuevo desde el turno: ${c.url}/jobs/${c.job_id}`,
};
