import type { AlertTemplateName } from './rules';
import type { Render } from './sms-format';

// Issue 37: the two texts the fill engine adds: a shift for the chefs in range (new, or open to everyone once its
// roster-first window ended) and a boost. Each says why its reader was told (`f.why`, alert-reasons.ts).

export const alertTextsEn: Record<AlertTemplateName, Render> = {
  shift_new: (c, f) =>
    `Brigade: New shift: ${f.restaurant} needs ${f.title} on ${f.when}${f.rate ? `, ${f.rate}/hr` : ''}.${f.why} Apply: ${c.url}/jobs/${c.job_id}`,
  shift_boosted: (c, f) =>
    `Brigade: ${f.restaurant} raised the pay for ${f.title} on ${f.when}: now ${f.rate}/h (boosted).${f.why} Apply: ${c.url}/jobs/${c.job_id}`,
};

export const alertTextsEs: Record<AlertTemplateName, Render> = {
  shift_new: (c, f) =>
    `Brigade: Turno nuevo: ${f.restaurant} necesita ${f.title} el ${f.when}${f.rate ? `, ${f.rate}/hora` : ''}.${f.why} Postúlate: ${c.url}/jobs/${c.job_id}`,
  shift_boosted: (c, f) =>
    `Brigade: ${f.restaurant} subió el pago de ${f.title} del ${f.when}: ahora ${f.rate}/h (pago aumentado).${f.why} Postúlate: ${c.url}/jobs/${c.job_id}`,
};
