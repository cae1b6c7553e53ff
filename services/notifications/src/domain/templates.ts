import { formatUsd, type Language } from '@brigade/contracts';
import type { TemplateName } from './rules';
import { alertTextsEn, alertTextsEs } from './alert-templates';
import { appealTextsEn, appealTextsEs } from './appeal-templates';
import { cardDisputeTextsEn, cardDisputeTextsEs } from './card-dispute-templates';
import { credentialTextsEn, credentialTextsEs } from './credential-templates';
import { channelTextsEn, channelTextsEs } from './channel-templates';
import { disputeTextsEn, disputeTextsEs } from './dispute-templates';
import { editTextsEn, editTextsEs } from './edit-templates';
import { fillTextsEn, fillTextsEs } from './fill-templates';
import { tipTextsEn, tipTextsEs } from './tip-templates';
import { reviewTextsEn, reviewTextsEs } from './review-templates';
import { payoutTextsEn, payoutTextsEs } from './payout-templates';
import { ruleTextsEn, ruleTextsEs } from './rule-templates';
import { timesheetTextsEn, timesheetTextsEs } from './timesheet-templates';
import { statementTextsEn, statementTextsEs } from './statement-templates';
import { aLas, format, moneyOnlyText, sentence, type Render, type TemplateContext } from './sms-format';

export type { TemplateContext } from './sms-format';

const en: Record<TemplateName, Render> = {
  ...ruleTextsEn,
  ...disputeTextsEn,
  ...timesheetTextsEn,
  ...editTextsEn,
  ...alertTextsEn,
  ...fillTextsEn,
  ...tipTextsEn,
  ...payoutTextsEn,
  ...statementTextsEn,
  ...cardDisputeTextsEn,
  ...appealTextsEn,
  ...reviewTextsEn,
  ...credentialTextsEn,
  ...channelTextsEn,
  application_submitted: (c, f) =>
    `Brigade: ${f.chef} applied to ${f.title} on ${f.when}. Review applicants: ${c.url}/jobs/${c.job_id}/applications`,
  application_accepted: (c, f) =>
    `Brigade: ${f.restaurant} accepted you for ${f.title} on ${f.when}. Please confirm: ${c.url}/my-shifts`,
  application_rejected: (c, f) =>
    `Brigade: your application for ${f.title} at ${f.restaurantMid} was not accepted this time. See other shifts: ${c.url}/openings`,
  application_confirmed: (c, f) =>
    `Brigade: ${f.chef} confirmed ${f.title} on ${f.when}. See your shifts: ${c.url}/my-shifts`,
  application_declined: (c, f) =>
    `Brigade: ${f.chef} declined ${f.title} on ${f.when}. The shift is open again: ${c.url}/jobs/${c.job_id}`,
  application_cancelled: (c, f) => {
    if (c.cancelled_by === 'system')
      return c.was_confirmed || c.was_accepted
        ? `Brigade: ${f.title} on ${f.when} with ${f.chefMid} was cancelled by Brigade. The shift is open again: ${c.url}/jobs/${c.job_id}`
        : `Brigade: the application of ${f.chefMid} for ${f.title} on ${f.when} was withdrawn by Brigade.`;
    if (c.was_confirmed && c.missed_reconfirmation)
      return `Brigade: ${f.chef} did not reconfirm ${f.shift}, so their seat was released (a late cancellation on their record). It is offered to your standby chefs first, then announced as urgent: ${c.url}/jobs/${c.job_id}`;
    if (c.was_confirmed)
      return `Brigade: ${f.chef} cancelled their confirmed shift${f.titled} on ${f.when}${c.late ? `, less than ${f.window} before the start (a late cancellation on their record)` : ''}. It is open again and announced as urgent: ${c.url}/jobs/${c.job_id}`;
    return c.was_accepted
      ? `Brigade: ${f.chef} cancelled ${f.title} on ${f.when}. The shift is open again: ${c.url}/jobs/${c.job_id}`
      : `Brigade: ${f.chef} withdrew their application for ${f.title} on ${f.when}.`;
  },
  chef_checked_out: (c, f) =>
    `Brigade: ${f.chef} checked out of ${f.title}. Complete your checkout and rating: ${c.url}/checkout/${c.application_id}`,
  shift_favorite: (c, f) =>
    `Brigade: ${f.restaurant} invited you to ${f.title} on ${f.when}${f.rate ? `, ${f.rate}/hr` : ''}.${f.why} View: ${c.url}/jobs/${c.job_id}`,
  shift_invite: (c, f) =>
    `Brigade: ${f.restaurant} invites you to work ${f.title} on ${f.when}${f.rate ? `, ${f.rate}/hr` : ''}. Apply: ${c.url}/jobs/${c.job_id}`,
  // Issue 35: a direct offer; the pay is what the chef earns (the escrow's shift pay), else the rate.
  shift_offer: (c, f) =>
    `Brigade: ${f.restaurant} offers you ${f.title} on ${f.when}${c.chef_pay_cents != null ? `, paying you ${f.usd(c.chef_pay_cents)}` : f.rate ? `, ${f.rate}/hr` : ''}. Accept or decline: ${c.url}/dashboard/chef`,
  // Issue 35: a direct offer ended without a booking; the restaurant may offer the shift to another chef.
  offer_declined: (c, f) =>
    `Brigade: ${f.chef} declined your offer of ${f.title} on ${f.when}. Offer it to another chef: ${c.url}/jobs/${c.job_id}`,
  offer_expired: (c, f) =>
    `Brigade: ${f.chef} did not answer your offer of ${f.title} on ${f.when} in time. Offer it to another chef: ${c.url}/jobs/${c.job_id}`,
  offer_withdrawn: (c, f) =>
    `Brigade: your offer of ${f.title} on ${f.when} to ${f.chefMid} has ended: they cannot take shifts right now. Offer it to another chef: ${c.url}/jobs/${c.job_id}`,
  shift_urgent: (c, f) =>
    `Brigade: Urgent shift! ${f.restaurant} needs ${f.title} on ${f.when}${f.rate ? `, ${f.rate}/hr` : ''}.${f.why} Apply: ${c.url}/jobs/${c.job_id}`,
  payout_released: (c, f) =>
    f.money('chef')
      ? `Brigade: ${f.shift}: ${f.money('chef')} It reaches your bank in 2-7 business days.`
      : `Brigade: you've been paid ${formatUsd(c.amount_cents ?? 0)} for ${f.title}. It reaches your bank in 2-7 business days.`,
  payout_released_restaurant: moneyOnlyText('restaurant'),
  job_cancelled: (c, f) =>
    c.cancelled_by === 'system'
      ? `Brigade: ${f.title} at ${f.restaurantMid} on ${f.when} was cancelled by Brigade. Find another shift: ${c.url}/openings`
      : `Brigade: ${f.restaurant} cancelled ${f.title} on ${f.when}. Find another shift: ${c.url}/openings`,
  payment_refunded: moneyOnlyText('chef'),
  payment_refunded_restaurant: moneyOnlyText('restaurant'),
  new_message: (c, f) =>
    `Brigade: you have a new message from ${f.sender} about ${f.title}. Read it: ${c.url}/messages?job=${c.job_id}`,
  job_reminder_chef: (c, f) =>
    `Brigade reminder: your shift${f.titled} at ${f.restaurantMid} starts at ${f.time}${c.restaurant_address ? `, ${c.restaurant_address}` : ''}.`,
  job_reminder_restaurant: (_c, f) => `Brigade reminder: ${f.chef} starts ${f.title} at ${f.time}.`,
  rating_reminder_chef: (c, f) =>
    `Brigade: how was ${f.title} at ${f.restaurantMid}? Check out and rate the restaurant: ${c.url}/checkout/${c.application_id}`,
  rating_reminder_restaurant: (c, f) =>
    `Brigade: ${f.title} with ${f.chef} has ended. Check out and rate your chef: ${c.url}/checkout/${c.application_id}`,
};

const es: Record<TemplateName, Render> = {
  ...ruleTextsEs,
  ...disputeTextsEs,
  ...timesheetTextsEs,
  ...editTextsEs,
  ...alertTextsEs,
  ...fillTextsEs,
  ...tipTextsEs,
  ...payoutTextsEs,
  ...statementTextsEs,
  ...cardDisputeTextsEs,
  ...appealTextsEs,
  ...reviewTextsEs,
  ...credentialTextsEs,
  ...channelTextsEs,
  application_submitted: (c, f) =>
    `Brigade: ${f.chef} se postuló a ${f.title} el ${f.when}. Revisa las postulaciones: ${c.url}/jobs/${c.job_id}/applications`,
  application_accepted: (c, f) =>
    `Brigade: ${f.restaurant} te aceptó para ${f.title} el ${f.when}. Confirma tu turno: ${c.url}/my-shifts`,
  application_rejected: (c, f) =>
    `Brigade: tu postulación para ${f.title} en ${f.restaurantMid} no fue aceptada esta vez. Mira otros turnos: ${c.url}/openings`,
  application_confirmed: (c, f) =>
    `Brigade: ${f.chef} confirmó el turno${f.titled} del ${f.when}. Ve tus turnos: ${c.url}/my-shifts`,
  application_declined: (c, f) =>
    `Brigade: ${f.chef} rechazó el turno${f.titled} del ${f.when}. El turno está abierto de nuevo: ${c.url}/jobs/${c.job_id}`,
  application_cancelled: (c, f) => {
    if (c.cancelled_by === 'system')
      return c.was_confirmed || c.was_accepted
        ? `Brigade: el turno${f.titled} del ${f.when} con ${f.chefMid} fue cancelado por Brigade. El turno está abierto de nuevo: ${c.url}/jobs/${c.job_id}`
        : `Brigade: la postulación de ${f.chefMid} para ${f.title} del ${f.when} fue retirada por Brigade.`;
    if (c.was_confirmed && c.missed_reconfirmation)
      return `Brigade: ${f.chef} no reconfirmó ${f.shift}, así que se liberó su puesto (cuenta como cancelación tardía en su historial). Se ofrece primero a tus chefs en lista de espera y luego se anuncia como urgente: ${c.url}/jobs/${c.job_id}`;
    if (c.was_confirmed)
      return `Brigade: ${f.chef} canceló su turno confirmado${f.titled} del ${f.when}${c.late ? `, faltando menos de ${f.window} para el inicio (cuenta como cancelación tardía en su historial)` : ''}. Está abierto de nuevo y se anuncia como urgente: ${c.url}/jobs/${c.job_id}`;
    return c.was_accepted
      ? `Brigade: ${f.chef} canceló el turno${f.titled} del ${f.when}. El turno está abierto de nuevo: ${c.url}/jobs/${c.job_id}`
      : `Brigade: ${f.chef} retiró su postulación para ${f.title} del ${f.when}.`;
  },
  chef_checked_out: (c, f) =>
    `Brigade: ${f.chef} registró su salida de ${f.title}. Registra la salida y califica a tu chef: ${c.url}/checkout/${c.application_id}`,
  shift_favorite: (c, f) =>
    `Brigade: ${f.restaurant} te invitó a ${f.title} el ${f.when}${f.rate ? `, ${f.rate}/hora` : ''}.${f.why} Míralo: ${c.url}/jobs/${c.job_id}`,
  shift_invite: (c, f) =>
    `Brigade: ${f.restaurant} te invita a trabajar de ${f.title} el ${f.when}${f.rate ? `, ${f.rate}/hora` : ''}. Postúlate: ${c.url}/jobs/${c.job_id}`,
  shift_offer: (c, f) =>
    `Brigade: ${f.restaurant} te ofrece ${f.title} el ${f.when}${c.chef_pay_cents != null ? `, con un pago de ${f.usd(c.chef_pay_cents)}` : f.rate ? `, ${f.rate}/hora` : ''}. Acéptalo o recházalo: ${c.url}/dashboard/chef`,
  offer_declined: (c, f) =>
    `Brigade: ${f.chef} rechazó tu oferta del turno${f.titled} del ${f.when}. Ofrécelo a otro chef: ${c.url}/jobs/${c.job_id}`,
  offer_expired: (c, f) =>
    `Brigade: ${f.chef} no respondió a tiempo tu oferta del turno${f.titled} del ${f.when}. Ofrécelo a otro chef: ${c.url}/jobs/${c.job_id}`,
  offer_withdrawn: (c, f) =>
    `Brigade: tu oferta del turno${f.titled} del ${f.when} a ${f.chefMid} terminó: no puede tomar turnos por ahora. Ofrécelo a otro chef: ${c.url}/jobs/${c.job_id}`,
  shift_urgent: (c, f) =>
    `Brigade: ¡Turno urgente! ${f.restaurant} necesita ${f.title} el ${f.when}${f.rate ? `, ${f.rate}/hora` : ''}.${f.why} Postúlate: ${c.url}/jobs/${c.job_id}`,
  payout_released: (c, f) =>
    f.money('chef')
      ? `Brigade: ${f.shift}: ${f.money('chef')} Llegará a tu banco en 2 a 7 días hábiles.`
      : `Brigade: recibiste un pago de ${formatUsd(c.amount_cents ?? 0)} por ${f.title}. Llegará a tu banco en 2 a 7 días hábiles.`,
  payout_released_restaurant: moneyOnlyText('restaurant'),
  job_cancelled: (c, f) =>
    c.cancelled_by === 'system'
      ? `Brigade: el turno${f.titled} en ${f.restaurantMid} del ${f.when} fue cancelado por Brigade. Busca otro turno: ${c.url}/openings`
      : `Brigade: ${f.restaurant} canceló el turno${f.titled} del ${f.when}. Busca otro turno: ${c.url}/openings`,
  payment_refunded: moneyOnlyText('chef'),
  payment_refunded_restaurant: moneyOnlyText('restaurant'),
  new_message: (c, f) =>
    `Brigade: tienes un mensaje nuevo de ${f.sender} sobre ${f.title}. Léelo: ${c.url}/messages?job=${c.job_id}`,
  job_reminder_chef: (c, f) =>
    sentence(
      `Recordatorio de Brigade: tu turno${f.titled} en ${f.restaurantMid} empieza ${aLas(f.time)}${c.restaurant_address ? `, ${c.restaurant_address}` : ''}`,
    ),
  job_reminder_restaurant: (_c, f) =>
    sentence(`Recordatorio de Brigade: ${f.chef} empieza el turno${f.titled} ${aLas(f.time)}`),
  rating_reminder_chef: (c, f) =>
    `Brigade: ¿qué tal el turno${f.titled} en ${f.restaurantMid}? Registra tu salida y califica al restaurante: ${c.url}/checkout/${c.application_id}`,
  rating_reminder_restaurant: (c, f) =>
    `Brigade: el turno${f.titled} con ${f.chef} terminó. Registra la salida y califica a tu chef: ${c.url}/checkout/${c.application_id}`,
};

export function renderSms(template: TemplateName, language: Language, context: TemplateContext): string {
  const table = language === 'es' ? es : en;
  // A time that ends a sentence already ends with a period in Spanish ("1:00 p.m."): one period, not two.
  return table[template](context, format(context, language)).replace(/\.\.(?=\s|$)/g, '.');
}
