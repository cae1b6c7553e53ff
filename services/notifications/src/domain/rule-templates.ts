import { policyText } from '@brigade/contracts';
import type { RuleTemplateName } from './rules';
import type { Format, Render } from './sms-format';

// Issue 16's texts, English and Spanish: how a paid shift leaves escrow by a rule. Where a text cites a rule
// (the late-cancellation window and pay, the full refund of an expired shift, the checkout deadline, a review),
// it uses the contracts' policy texts and formatDuration, so the words are those the screens show.

export const ruleTextsEn: Record<RuleTemplateName, Render> = {
  job_cancelled_late: (c, f) =>
    `Brigade: ${c.cancelled_by === 'system' ? `${f.title} at ${f.restaurantMid} on ${f.when} was cancelled by Brigade` : `${f.restaurant} cancelled ${f.title} on ${f.when}`}, less than ${f.window} before the start. As a late cancellation you will be paid ${f.usd(c.chef_pay_cents)} (up to ${f.payHours} of pay). Find another shift: ${c.url}/openings`,
  shift_reopened: (c, f) =>
    `Brigade: Urgent shift, open again! ${f.restaurant} needs ${f.title} on ${f.when}${f.rate ? `, ${f.rate}/hr` : ''}. Apply: ${c.url}/jobs/${c.job_id}`,
  job_expired: (c, f) => {
    if (!c.refund_due)
      return `Brigade: ${f.title} on ${f.when} expired: nobody confirmed it before it started.`;
    if (c.total_cents == null)
      return `Brigade: ${f.title} on ${f.when} expired: nobody confirmed it before it started. The whole payment goes back to your card.`;
    return `Brigade: ${f.title} on ${f.when} expired. ${policyText('en', 'expired', { refund: f.usd(c.total_cents) })}`;
  },
  application_lapsed: (c, f) =>
    `Brigade: ${f.title} at ${f.restaurantMid} on ${f.when} started before anyone confirmed it, so your application lapsed. Find another shift: ${c.url}/openings`,
  checkout_deadline_chef: (c, f) =>
    `Brigade: did you work ${f.title} at ${f.restaurantMid}? ${policyText('en', 'checkout_deadline', { deadline: f.deadline })} Check out: ${c.url}/checkout/${c.application_id}`,
  checkout_deadline_restaurant: (c, f) =>
    `Brigade: did ${f.chefMid} work ${f.title}? ${policyText('en', 'checkout_deadline', { deadline: f.deadline })} Check out: ${c.url}/checkout/${c.application_id}`,
  checkout_outcome_chef: (c, f) => {
    if (c.outcome === 'disputed') return underReview('en', f);
    if (c.outcome === 'refund')
      return `Brigade: the checkout deadline for ${f.title} has passed. The shift stands as not worked, so the payment goes back to ${f.restaurantMid}.`;
    return `Brigade: the checkout deadline for ${f.title} has passed, so the shift is paid out to you. You will get a text when the money is sent.`;
  },
  checkout_outcome_restaurant: (c, f) => {
    if (c.outcome === 'disputed') return underReview('en', f);
    if (c.outcome === 'refund')
      return `Brigade: the checkout deadline for ${f.title} has passed. The shift stands as not worked, so your payment goes back to your card.`;
    return `Brigade: the checkout deadline for ${f.title} has passed, so the shift is paid out to ${f.chefMid}.`;
  },
  settlement_chef: (c, f) =>
    c.reason === 'dispute_decision'
      ? `Brigade: after review, you've been paid ${f.usd(c.chef_pay_cents)} for ${f.title}. It reaches your bank in 2-7 business days.`
      : `Brigade: you've been paid ${f.usd(c.chef_pay_cents)} for the late cancellation of ${f.title}. It reaches your bank in 2-7 business days.`,
  settlement_restaurant: (c, f) => {
    const split = `the chef was paid ${f.usd(c.chef_pay_cents)} and Brigade kept ${f.usd(c.fee_cents)}`;
    const cause = c.reason === 'dispute_decision' ? 'After review' : 'For the late cancellation';
    if (!c.refund_cents) return `Brigade: ${cause} of ${f.title}, ${split}. Nothing was left to refund.`;
    return `Brigade: ${f.usd(c.refund_cents)} of your payment for ${f.title} is on its way back to your card. ${cause}, ${split}.`;
  },
  payment_refunded_expired: (c, f) =>
    `Brigade: ${f.usd(c.amount_cents)} for ${f.title} is on its way back to your card: the shift expired with nobody confirmed.`,
};

export const ruleTextsEs: Record<RuleTemplateName, Render> = {
  job_cancelled_late: (c, f) =>
    `Brigade: ${c.cancelled_by === 'system' ? `el turno${f.titled} en ${f.restaurantMid} del ${f.when} fue cancelado por Brigade` : `${f.restaurant} canceló el turno${f.titled} del ${f.when}`}, faltando menos de ${f.window} para el inicio. Por ser una cancelación tardía recibirás ${f.usd(c.chef_pay_cents)} (hasta ${f.payHours} de pago). Busca otro turno: ${c.url}/openings`,
  shift_reopened: (c, f) =>
    `Brigade: ¡Turno urgente, abierto de nuevo! ${f.restaurant} necesita ${f.title} el ${f.when}${f.rate ? `, ${f.rate}/hora` : ''}. Postúlate: ${c.url}/jobs/${c.job_id}`,
  job_expired: (c, f) => {
    if (!c.refund_due)
      return `Brigade: el turno${f.titled} del ${f.when} venció: nadie lo confirmó antes de que empezara.`;
    if (c.total_cents == null)
      return `Brigade: el turno${f.titled} del ${f.when} venció: nadie lo confirmó antes de que empezara. El pago completo vuelve a tu tarjeta.`;
    return `Brigade: el turno${f.titled} del ${f.when} venció. ${policyText('es', 'expired', { refund: f.usd(c.total_cents) })}`;
  },
  application_lapsed: (c, f) =>
    `Brigade: el turno${f.titled} en ${f.restaurantMid} del ${f.when} empezó sin que nadie lo confirmara, así que tu solicitud caducó. Busca otro turno: ${c.url}/openings`,
  checkout_deadline_chef: (c, f) =>
    `Brigade: ¿trabajaste el turno${f.titled} en ${f.restaurantMid}? ${policyText('es', 'checkout_deadline', { deadline: f.deadline })} Completa el cierre: ${c.url}/checkout/${c.application_id}`,
  checkout_deadline_restaurant: (c, f) =>
    `Brigade: ¿${f.chefMid} trabajó el turno${f.titled}? ${policyText('es', 'checkout_deadline', { deadline: f.deadline })} Completa el cierre: ${c.url}/checkout/${c.application_id}`,
  checkout_outcome_chef: (c, f) => {
    if (c.outcome === 'disputed') return underReview('es', f);
    if (c.outcome === 'refund')
      return `Brigade: venció el plazo del cierre de ${f.title}. El turno queda como no trabajado, así que el pago vuelve a ${f.restaurantMid}.`;
    return `Brigade: venció el plazo del cierre de ${f.title}, así que el turno se te paga. Te avisaremos cuando se envíe el dinero.`;
  },
  checkout_outcome_restaurant: (c, f) => {
    if (c.outcome === 'disputed') return underReview('es', f);
    if (c.outcome === 'refund')
      return `Brigade: venció el plazo del cierre de ${f.title}. El turno queda como no trabajado, así que tu pago vuelve a tu tarjeta.`;
    return `Brigade: venció el plazo del cierre de ${f.title}, así que el turno se le paga a ${f.chefMid}.`;
  },
  settlement_chef: (c, f) =>
    c.reason === 'dispute_decision'
      ? `Brigade: tras la revisión, recibiste un pago de ${f.usd(c.chef_pay_cents)} por ${f.title}. Llegará a tu banco en 2 a 7 días hábiles.`
      : `Brigade: recibiste un pago de ${f.usd(c.chef_pay_cents)} por la cancelación tardía de ${f.title}. Llegará a tu banco en 2 a 7 días hábiles.`,
  settlement_restaurant: (c, f) => {
    const split = `el chef recibió ${f.usd(c.chef_pay_cents)} y Brigade se quedó con ${f.usd(c.fee_cents)}`;
    const cause = c.reason === 'dispute_decision' ? 'Tras la revisión' : 'Por la cancelación tardía';
    if (!c.refund_cents) return `Brigade: ${cause} de ${f.title}, ${split}. No quedó nada por reembolsar.`;
    return `Brigade: ${f.usd(c.refund_cents)} de tu pago por ${f.title} vuelve a tu tarjeta. ${cause}, ${split}.`;
  },
  payment_refunded_expired: (c, f) =>
    `Brigade: ${f.usd(c.amount_cents)} de ${f.title} vuelve a tu tarjeta: el turno venció sin nadie confirmado.`,
};

/** The checkouts disagree: both sides read the same "under review" words as on screen. */
function underReview(language: 'en' | 'es', f: Pick<Format, 'title' | 'titled' | 'when'>): string {
  return language === 'es'
    ? `Brigade: el turno${f.titled} del ${f.when} está en revisión. ${policyText('es', 'under_review')}`
    : `Brigade: ${f.title} on ${f.when} is under review. ${policyText('en', 'under_review')}`;
}
