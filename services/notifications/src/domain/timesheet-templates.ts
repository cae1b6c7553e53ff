import type { TimesheetTemplateName } from './rules';
import type { Render } from './sms-format';

// Issue 34's texts, English and Spanish: the working day. The restaurant hears that its chef is running late and
// that an extra charge failed (with the link to pay the balance in the app); the chef hears an adjustment of the
// hours with the new pay, a no-show with how to contest it, being sent home with the pay, and both sides an hours
// dispute decided.

export const timesheetTextsEn: Record<TimesheetTemplateName, Render> = {
  running_late_restaurant: (c, f) =>
    `Brigade: ${f.chef} is running about ${c.minutes ?? 0} minutes late for ${f.shift}. See the shift: ${c.url}/jobs/${c.job_id}`,
  timesheet_adjusted_chef: (c, f) =>
    `Brigade: ${f.restaurant} adjusted your hours for ${f.shift}: ${f.hours} worked, your pay is now ${f.usd(c.chef_pay_cents)}. Accept or dispute it${f.deadline ? ` by ${f.deadline}` : ''} (no answer accepts it): ${c.url}/my-shifts`,
  no_show_marked_chef: (c, f) =>
    `Brigade: ${f.restaurant} marked you a no-show for ${f.shift}. If you were there, contest it on your shift page${f.deadline ? ` by ${f.deadline}` : ''} and an operator will decide: ${c.url}/my-shifts`,
  sent_home_chef: (c, f) =>
    `Brigade: ${f.restaurant} sent you home from ${f.shift}. You are paid ${f.usd(c.chef_pay_cents)} for it, on its way to you.`,
  extra_charge_failed_restaurant: (c, f) =>
    `Brigade: we could not charge your card ${f.usd(c.amount_cents)} for the extra hours of ${f.shift}${c.requires_authentication ? ' (your bank asks you to confirm the payment)' : ''}. Please pay the balance in the app: ${c.url}/balances`,
  hours_decided_chef: (c, f) =>
    `Brigade: the hours of ${f.shift} are decided: ${f.hours} worked, you are paid ${f.usd(c.chef_pay_cents)}. The decision and its note are on the shift page: ${c.url}/jobs/${c.job_id}`,
  hours_decided_restaurant: (c, f) =>
    `Brigade: the hours of ${f.shift} are decided: ${f.hours} worked, ${f.usd(c.chef_pay_cents)} to ${f.chefMid}${c.extra_charge_cents ? `; ${f.usd(c.extra_charge_cents)} more is charged to your card` : ''}${c.refund_cents ? `; ${f.usd(c.refund_cents)} goes back to your card` : ''}. The decision and its note are on the shift page: ${c.url}/jobs/${c.job_id}`,
};

export const timesheetTextsEs: Record<TimesheetTemplateName, Render> = {
  running_late_restaurant: (c, f) =>
    `Brigade: ${f.chef} llegará unos ${c.minutes ?? 0} minutos tarde a ${f.title}${f.when ? ` del ${f.when}` : ''}. Mira el turno: ${c.url}/jobs/${c.job_id}`,
  timesheet_adjusted_chef: (c, f) =>
    `Brigade: ${f.restaurant} ajustó tus horas en ${f.shift}: ${f.hours} trabajadas, tu pago ahora es ${f.usd(c.chef_pay_cents)}. Acéptalo o disputa el ajuste${f.deadline ? ` antes del ${f.deadline}` : ''} (sin respuesta se acepta): ${c.url}/my-shifts`,
  no_show_marked_chef: (c, f) =>
    `Brigade: ${f.restaurant} te marcó como ausente en ${f.shift}. Si estuviste, impúgnalo en la página del turno${f.deadline ? ` antes del ${f.deadline}` : ''} y un operador decidirá: ${c.url}/my-shifts`,
  sent_home_chef: (c, f) =>
    `Brigade: ${f.restaurant} te envió a casa en ${f.shift}. Recibes ${f.usd(c.chef_pay_cents)} por el turno; va en camino.`,
  extra_charge_failed_restaurant: (c, f) =>
    `Brigade: no pudimos cobrar ${f.usd(c.amount_cents)} a tu tarjeta por las horas extra en ${f.shift}${c.requires_authentication ? ' (tu banco pide que confirmes el pago)' : ''}. Paga el saldo en la app: ${c.url}/balances`,
  hours_decided_chef: (c, f) =>
    `Brigade: se decidieron las horas en ${f.shift}: ${f.hours} trabajadas, recibes ${f.usd(c.chef_pay_cents)}. La decisión y su nota están en la página del turno: ${c.url}/jobs/${c.job_id}`,
  hours_decided_restaurant: (c, f) =>
    `Brigade: se decidieron las horas en ${f.shift}: ${f.hours} trabajadas, ${f.usd(c.chef_pay_cents)} para ${f.chefMid}${c.extra_charge_cents ? `; se cobran ${f.usd(c.extra_charge_cents)} más a tu tarjeta` : ''}${c.refund_cents ? `; ${f.usd(c.refund_cents)} vuelven a tu tarjeta` : ''}. La decisión y su nota están en la página del turno: ${c.url}/jobs/${c.job_id}`,
};
