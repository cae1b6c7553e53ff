import type { DisputeTemplateName } from './rules';
import type { Render } from './sms-format';

// Issue 17's texts, English and Spanish: an operator decided a disputed shift. Each side reads the decision in
// dollars (what the chef is paid, what the restaurant gets back) and that the operator's note is on the job page.

export const disputeTextsEn: Record<DisputeTemplateName, Render> = {
  dispute_resolved_chef: (c, f) =>
    `Brigade: the review of ${f.title} on ${f.when} is decided. You are paid ${f.usd(c.chef_pay_cents)}${c.refund_cents ? ` and ${f.restaurantMid} is refunded ${f.usd(c.refund_cents)}` : ''}. The decision and its note are on the job page: ${c.url}/jobs/${c.job_id}`,
  dispute_resolved_restaurant: (c, f) =>
    `Brigade: the review of ${f.title} on ${f.when} is decided. ${f.chef} is paid ${f.usd(c.chef_pay_cents)} and you are refunded ${f.usd(c.refund_cents)}. The decision and its note are on the job page: ${c.url}/jobs/${c.job_id}`,
  payment_refunded_review: (c, f) =>
    `Brigade: ${f.usd(c.amount_cents)} for ${f.title} is on its way back to your card, as decided after review.`,
};

export const disputeTextsEs: Record<DisputeTemplateName, Render> = {
  dispute_resolved_chef: (c, f) =>
    `Brigade: se decidió la revisión de ${f.title} del ${f.when}. Recibes ${f.usd(c.chef_pay_cents)}${c.refund_cents ? ` y a ${f.restaurantMid} se le reembolsan ${f.usd(c.refund_cents)}` : ''}. La decisión y su nota están en la página del turno: ${c.url}/jobs/${c.job_id}`,
  dispute_resolved_restaurant: (c, f) =>
    `Brigade: se decidió la revisión de ${f.title} del ${f.when}. ${f.chef} recibe ${f.usd(c.chef_pay_cents)} y a ti se te reembolsan ${f.usd(c.refund_cents)}. La decisión y su nota están en la página del turno: ${c.url}/jobs/${c.job_id}`,
  payment_refunded_review: (c, f) =>
    `Brigade: ${f.usd(c.amount_cents)} de ${f.title} vuelve a tu tarjeta, según lo decidido tras la revisión.`,
};
