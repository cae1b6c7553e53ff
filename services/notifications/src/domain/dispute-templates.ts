import type { DisputeTemplateName } from './rules';
import { moneyOnlyText, type Render } from './sms-format';

// Issue 17's texts, English and Spanish: an operator decided a disputed shift. Each side reads the decision in
// the contracts' money texts (split by a decision, paid in full, refunded: issue 32), with its figures, and that
// the operator's note is on the shift page.

export const disputeTextsEn: Record<DisputeTemplateName, Render> = {
  dispute_resolved_chef: (c, f) =>
    `Brigade: the review of ${f.title} on ${f.when} is decided. ${f.money('chef') ?? ''} The decision and its note are on the shift page: ${c.url}/jobs/${c.job_id}`,
  dispute_resolved_restaurant: (c, f) =>
    `Brigade: the review of ${f.title} on ${f.when} is decided. ${f.money('restaurant') ?? ''} The decision and its note are on the shift page: ${c.url}/jobs/${c.job_id}`,
  payment_refunded_review: moneyOnlyText('restaurant'),
};

export const disputeTextsEs: Record<DisputeTemplateName, Render> = {
  dispute_resolved_chef: (c, f) =>
    `Brigade: se decidió la revisión de ${f.title} del ${f.when}. ${f.money('chef') ?? ''} La decisión y su nota están en la página del turno: ${c.url}/jobs/${c.job_id}`,
  dispute_resolved_restaurant: (c, f) =>
    `Brigade: se decidió la revisión de ${f.title} del ${f.when}. ${f.money('restaurant') ?? ''} La decisión y su nota están en la página del turno: ${c.url}/jobs/${c.job_id}`,
  payment_refunded_review: moneyOnlyText('restaurant'),
};
