import { policyText, type Language, type MoneySide } from '@brigade/contracts';
import type { RuleTemplateName } from './rules';
import { moneyOnlyText, type Format, type Render, type TemplateContext } from './sms-format';

// Issue 16's texts, English and Spanish: how a paid shift leaves escrow by a rule. Where a text cites a rule
// (the late-cancellation window and pay, the checkout deadline) it uses the contracts' policy texts and
// formatDuration; where it says what the money did (issue 32) it uses the contracts' money texts (`f.money`),
// so the words are those the screens show.

export const ruleTextsEn: Record<RuleTemplateName, Render> = {
  job_cancelled_late: (c, f) =>
    `Brigade: ${c.cancelled_by === 'system' ? `${f.title} at ${f.restaurantMid} on ${f.when} was cancelled by Brigade` : `${f.restaurant} cancelled ${f.title} on ${f.when}`}, less than ${f.window} before the start. ${f.money('chef') ?? ''} It is up to ${f.payHours} of pay. Find another shift: ${c.url}/openings`,
  shift_reopened: (c, f) =>
    `Brigade: Urgent shift, open again! ${f.restaurant} needs ${f.title} on ${f.when}${f.rate ? `, ${f.rate}/hr` : ''}.${f.why} Apply: ${c.url}/jobs/${c.job_id}`,
  job_expired: (c, f) => {
    if (!c.refund_due)
      return `Brigade: ${f.title} on ${f.when} expired: nobody confirmed it before it started.`;
    const money = f.money('restaurant');
    if (!money)
      return `Brigade: ${f.title} on ${f.when} expired: nobody confirmed it before it started. The whole payment goes back to your card.`;
    return `Brigade: ${f.shift}: ${money}`;
  },
  application_lapsed: (c, f) =>
    `Brigade: ${f.title} at ${f.restaurantMid} on ${f.when} started before anyone confirmed it, so your application lapsed. Find another shift: ${c.url}/openings`,
  checkout_deadline_chef: (c, f) =>
    `Brigade: did you work ${f.title} at ${f.restaurantMid}? ${policyText('en', 'checkout_deadline_chef', { deadline: f.deadline })} Check out: ${c.url}/checkout/${c.application_id}`,
  checkout_deadline_restaurant: (c, f) =>
    `Brigade: did ${f.chefMid} work ${f.title}? ${policyText('en', 'checkout_deadline', { deadline: f.deadline })} Check out: ${c.url}/checkout/${c.application_id}`,
  checkout_outcome_chef: (c, f) => checkoutOutcome('en', 'chef', c, f),
  checkout_outcome_restaurant: (c, f) => checkoutOutcome('en', 'restaurant', c, f),
  settlement_chef: (_c, f) =>
    `Brigade: ${f.shift}: ${f.money('chef') ?? ''} It reaches your bank in 2-7 business days.`,
  settlement_restaurant: moneyOnlyText('restaurant'),
  payment_refunded_expired: (c, f) =>
    c.seats?.length && c.amount_cents != null
      ? `Brigade: ${f.shift}: the unbooked seat ${listOf(c.seats, 'and')} expired, so its ${f.usd(c.amount_cents)} share went back to your card.`
      : moneyOnlyText('restaurant')(c, f),
  seats_expired: (c, f) => {
    const { seats, n, one } = expiredSeats(c);
    const what =
      n === 0
        ? `The unbooked seats of ${f.title} on ${f.when} expired`
        : `${n} unbooked seat${one ? '' : 's'} of ${f.title} on ${f.when} expired (seat${one ? '' : 's'} ${listOf(seats, 'and')})`;
    const share = !c.refund_due
      ? ''
      : c.refund_cents != null
        ? ` ${one ? 'Its' : 'Their'} share, ${f.usd(c.refund_cents)}, goes back to your card.`
        : ` ${one ? 'Its' : 'Their'} share of the payment goes back to your card.`;
    const booked = bookedCount(c);
    const come =
      booked === 1
        ? 'Your booked chef still comes.'
        : `Your ${booked ?? ''}${booked ? ' ' : ''}booked chefs still come.`;
    return `Brigade: ${what}: nobody booked ${one ? 'it' : 'them'} before the start.${share} ${come} See the seats: ${c.url}/jobs/${c.job_id}`;
  },
};

export const ruleTextsEs: Record<RuleTemplateName, Render> = {
  job_cancelled_late: (c, f) =>
    `Brigade: ${c.cancelled_by === 'system' ? `el turno${f.titled} en ${f.restaurantMid} del ${f.when} fue cancelado por Brigade` : `${f.restaurant} canceló el turno${f.titled} del ${f.when}`}, faltando menos de ${f.window} para el inicio. ${f.money('chef') ?? ''} Equivale a hasta ${f.payHours} de pago. Busca otro turno: ${c.url}/openings`,
  shift_reopened: (c, f) =>
    `Brigade: ¡Turno urgente, abierto de nuevo! ${f.restaurant} necesita ${f.title} el ${f.when}${f.rate ? `, ${f.rate}/hora` : ''}.${f.why} Postúlate: ${c.url}/jobs/${c.job_id}`,
  job_expired: (c, f) => {
    if (!c.refund_due)
      return `Brigade: el turno${f.titled} del ${f.when} venció: nadie lo confirmó antes de que empezara.`;
    const money = f.money('restaurant');
    if (!money)
      return `Brigade: el turno${f.titled} del ${f.when} venció: nadie lo confirmó antes de que empezara. El pago completo vuelve a tu tarjeta.`;
    return `Brigade: ${f.shift}: ${money}`;
  },
  application_lapsed: (c, f) =>
    `Brigade: el turno${f.titled} en ${f.restaurantMid} del ${f.when} empezó sin que nadie lo confirmara, así que tu postulación caducó. Busca otro turno: ${c.url}/openings`,
  checkout_deadline_chef: (c, f) =>
    `Brigade: ¿trabajaste el turno${f.titled} en ${f.restaurantMid}? ${policyText('es', 'checkout_deadline_chef', { deadline: f.deadline })} Registra la salida: ${c.url}/checkout/${c.application_id}`,
  checkout_deadline_restaurant: (c, f) =>
    `Brigade: ¿${f.chefMid} trabajó el turno${f.titled}? ${policyText('es', 'checkout_deadline', { deadline: f.deadline })} Registra la salida: ${c.url}/checkout/${c.application_id}`,
  checkout_outcome_chef: (c, f) => checkoutOutcome('es', 'chef', c, f),
  checkout_outcome_restaurant: (c, f) => checkoutOutcome('es', 'restaurant', c, f),
  settlement_chef: (_c, f) =>
    `Brigade: ${f.shift}: ${f.money('chef') ?? ''} Llegará a tu banco en 2 a 7 días hábiles.`,
  settlement_restaurant: moneyOnlyText('restaurant'),
  payment_refunded_expired: (c, f) =>
    c.seats?.length && c.amount_cents != null
      ? `Brigade: ${f.shift}: venció el puesto ${listOf(c.seats, 'y')} sin reservar, así que su parte de ${f.usd(c.amount_cents)} volvió a tu tarjeta.`
      : moneyOnlyText('restaurant')(c, f),
  seats_expired: (c, f) => {
    const { seats, n, one } = expiredSeats(c);
    const what =
      n === 0
        ? `vencieron los puestos sin reservar del turno${f.titled} del ${f.when}`
        : one
          ? `venció 1 puesto sin reservar del turno${f.titled} del ${f.when} (puesto ${seats[0]})`
          : `vencieron ${n} puestos sin reservar del turno${f.titled} del ${f.when} (puestos ${listOf(seats, 'y')})`;
    const share = !c.refund_due
      ? ''
      : c.refund_cents != null
        ? ` Su parte, ${f.usd(c.refund_cents)}, vuelve a tu tarjeta.`
        : ' Su parte del pago vuelve a tu tarjeta.';
    const booked = bookedCount(c);
    const come =
      booked === 1
        ? 'Tu chef reservado viene igual.'
        : `Tus ${booked ?? ''}${booked ? ' ' : ''}chefs reservados vienen igual.`;
    return `Brigade: ${what}: nadie ${one ? 'lo' : 'los'} reservó antes del inicio.${share} ${come} Ve los puestos: ${c.url}/jobs/${c.job_id}`;
  },
};

/** Seat numbers as a sentence lists them: `3`, `2 and 3`, `2, 3 and 4` (`y` in Spanish). */
function listOf(seats: number[], and: string): string {
  if (seats.length <= 1) return seats.join('');
  return `${seats.slice(0, -1).join(', ')} ${and} ${seats[seats.length - 1]}`;
}

/** The seats a seats-expired text names: the list, how many, and whether it is one. */
function expiredSeats(c: TemplateContext): { seats: number[]; n: number; one: boolean } {
  const seats = c.seats ?? [];
  return { seats, n: seats.length, one: seats.length === 1 };
}

/** How many seats of the posting are booked and go on: its headcount less the seats that expired; null unknown. */
function bookedCount(c: TemplateContext): number | null {
  if (c.headcount == null || !c.seats?.length) return null;
  const booked = c.headcount - c.seats.length;
  return booked > 0 ? booked : null;
}

/**
 * How the checkout closed, for one side, in the outcome's own words (contracts' money texts): under review when
 * the answers disagree, else what the checkout deadline's rule did with the money.
 */
function checkoutOutcome(language: Language, side: MoneySide, c: TemplateContext, f: Format): string {
  const money = f.money(side) ?? '';
  const es = language === 'es';
  if (c.outcome === 'disputed') return `Brigade: ${f.shift}: ${money}`;
  return es
    ? `Brigade: venció el plazo para registrar la salida de ${f.title}. ${money}`
    : `Brigade: the checkout deadline for ${f.title} has passed. ${money}`;
}
