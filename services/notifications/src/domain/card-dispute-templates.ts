import type { CardDisputeTemplateName } from './rules';
import type { Render } from './sms-format';

// Issue 38's text, English and Spanish: a card dispute (chargeback) of the restaurant's payment was lost. The
// restaurant hears the amount, that it cannot post shifts until it pays it back, and where. (An opened dispute is
// not texted: the operator answers it with Brigade's records, and nothing is asked of the restaurant yet.)

export const cardDisputeTextsEn: Record<CardDisputeTemplateName, Render> = {
  card_dispute_lost_restaurant: (c, f) =>
    `Brigade: your bank's dispute of the ${f.usd(c.amount_cents)} charge for ${f.shift} was decided against Brigade. Please pay it back in the app to post shifts again: ${c.url}/card-disputes`,
};

export const cardDisputeTextsEs: Record<CardDisputeTemplateName, Render> = {
  card_dispute_lost_restaurant: (c, f) =>
    `Brigade: la disputa de tu banco por el cargo de ${f.usd(c.amount_cents)} por ${f.shift} se decidió en contra de Brigade. Devuélvelo en la app para volver a publicar turnos: ${c.url}/card-disputes`,
};
