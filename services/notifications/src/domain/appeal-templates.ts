import type { Language, MarkKind } from '@brigade/contracts';
import type { AppealTemplateName } from './rules';
import type { Render } from './sms-format';

// Issue 39's texts, English and Spanish: an operator decided an appeal of a mark on the reader's record. Removed:
// it no longer counts. Kept: it stays. Either way the decision and its note are on the reader's record page.

const MARKS: Record<Language, Record<MarkKind, string>> = {
  en: { late_cancellation: 'late cancellation', no_show: 'no-show', dispute_lost: 'lost dispute' },
  es: { late_cancellation: 'cancelación tardía', no_show: 'inasistencia', dispute_lost: 'disputa perdida' },
};

/** The mark named in the reader's language ("no-show", "inasistencia"); "mark" / "marca" when unknown. */
const markOf = (kind: MarkKind | undefined, language: Language) =>
  kind ? MARKS[language][kind] : language === 'es' ? 'marca' : 'mark';

export const appealTextsEn: Record<AppealTemplateName, Render> = {
  appeal_removed: (c, f) =>
    `Brigade: your appeal was accepted. The ${markOf(c.mark_kind, 'en')} for ${f.shift} is removed from your reliability record and no longer counts. The decision and its note: ${c.url}/record`,
  appeal_kept: (c, f) =>
    `Brigade: your appeal of the ${markOf(c.mark_kind, 'en')} for ${f.shift} was reviewed. It stays on your reliability record. The decision and its note: ${c.url}/record`,
};

export const appealTextsEs: Record<AppealTemplateName, Render> = {
  appeal_removed: (c, f) =>
    `Brigade: se aceptó tu apelación. La ${markOf(c.mark_kind, 'es')} en ${f.shift} se quitó de tu historial de confiabilidad y ya no cuenta. La decisión y su nota: ${c.url}/record`,
  appeal_kept: (c, f) =>
    `Brigade: revisamos tu apelación de la ${markOf(c.mark_kind, 'es')} en ${f.shift}. Se mantiene en tu historial de confiabilidad. La decisión y su nota: ${c.url}/record`,
};
