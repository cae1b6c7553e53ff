import type { ReviewTemplateName } from './rules';
import type { Render } from './sms-format';

// Issue 39's texts, English and Spanish: an operator hid a review that breaks the rules. Its author hears that
// their review of the other side no longer shows or counts, and why; the side reviewed hears the same of the
// review about them.

/** The other side of the review's author, as a text names it mid-sentence. */
const reviewed = (c: Parameters<Render>[0], f: Parameters<Render>[1]) =>
  c.review_author_side === 'chef' ? f.restaurantMid : f.chefMid;
const author = (c: Parameters<Render>[0], f: Parameters<Render>[1]) =>
  c.review_author_side === 'chef' ? f.chefMid : f.restaurantMid;

export const reviewTextsEn: Record<ReviewTemplateName, Render> = {
  review_hidden_author: (c, f) =>
    `Brigade: our team hid your review of ${reviewed(c, f)} for ${f.shift}: ${c.hidden_reason ?? ''}. It no longer shows on their profile or counts in their rating.`,
  review_hidden_subject: (c, f) =>
    `Brigade: our team hid the review of you by ${author(c, f)} for ${f.shift}: ${c.hidden_reason ?? ''}. It no longer shows on your profile or counts in your rating.`,
};

export const reviewTextsEs: Record<ReviewTemplateName, Render> = {
  review_hidden_author: (c, f) =>
    `Brigade: nuestro equipo ocultó tu reseña de ${reviewed(c, f)} por ${f.shift}: ${c.hidden_reason ?? ''}. Ya no aparece en su perfil ni cuenta en su calificación.`,
  review_hidden_subject: (c, f) =>
    `Brigade: nuestro equipo ocultó la reseña sobre ti de ${author(c, f)} por ${f.shift}: ${c.hidden_reason ?? ''}. Ya no aparece en tu perfil ni cuenta en tu calificación.`,
};
