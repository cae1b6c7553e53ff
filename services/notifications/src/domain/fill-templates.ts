import type { FillTemplateName } from './rules';
import type { Render } from './sms-format';

// Issue 37's texts, English and Spanish: the fill engine. A booked chef is asked to reconfirm (by when, in the
// app) and told when their seat was released for a missed reconfirmation; a chef on a shift's standby list is
// offered a seat that reopened, for the minutes it stays theirs.

export const fillTextsEn: Record<FillTemplateName, Render> = {
  reconfirm_requested_chef: (c, f) =>
    `Brigade: still coming to ${f.shift} at ${f.restaurantMid}? Reconfirm by ${f.deadline} in the app, or your seat is released: ${c.url}/my-shifts`,
  reconfirm_released_chef: (c, f) =>
    `Brigade: you did not reconfirm ${f.shift} in time, so your seat was released (a late cancellation on your record). Find another shift: ${c.url}/openings`,
  standby_offer: (c, f) =>
    `Brigade: a seat opened on ${f.shift} at ${f.restaurantMid}${c.chef_pay_cents != null ? `, paying you ${f.usd(c.chef_pay_cents)}` : ''}: it's yours if you take it in ${c.minutes === 1 ? '1 minute' : `${c.minutes ?? 15} minutes`}: ${c.url}/dashboard/chef`,
};

export const fillTextsEs: Record<FillTemplateName, Render> = {
  reconfirm_requested_chef: (c, f) =>
    `Brigade: ¿sigues en pie para ${f.shift} en ${f.restaurantMid}? Reconfirma en la app antes del ${f.deadline}, o se libera tu puesto: ${c.url}/my-shifts`,
  reconfirm_released_chef: (c, f) =>
    `Brigade: no reconfirmaste ${f.shift} a tiempo, así que se liberó tu puesto (cuenta como cancelación tardía en tu historial). Busca otro turno: ${c.url}/openings`,
  standby_offer: (c, f) =>
    `Brigade: se abrió un puesto en ${f.shift} en ${f.restaurantMid}${c.chef_pay_cents != null ? `, con un pago de ${f.usd(c.chef_pay_cents)}` : ''}: es tuyo si lo tomas en ${c.minutes === 1 ? '1 minuto' : `${c.minutes ?? 15} minutos`}: ${c.url}/dashboard/chef`,
};
