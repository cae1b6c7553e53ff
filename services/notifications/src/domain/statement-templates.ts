import { isoWeekRange, parseIsoWeek } from '@brigade/contracts';
import type { StatementTemplateName } from './rules';
import type { Render, StatementFacts } from './sms-format';

// Issue 38's text of the weekly statement, English and Spanish: the restaurant reads the week it covers (Monday
// to Sunday), what its card was charged and the net after refunds, and the link to print it or download the CSV.

const LOCALE = { en: 'en-US', es: 'es-US' } as const;

/** The week's days, `Nov 23 – Nov 29` / `23 nov – 29 nov` (calendar dates: no zone moves them). */
function days(s: StatementFacts, language: 'en' | 'es'): string {
  const week = parseIsoWeek(s.week);
  if (!week) return s.week;
  const monday = isoWeekRange(week, 'UTC').starts_at;
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  const day = new Intl.DateTimeFormat(LOCALE[language], { timeZone: 'UTC', month: 'short', day: 'numeric' });
  return `${day.format(monday)} – ${day.format(sunday)}`.replaceAll('.', '');
}

export const statementTextsEn: Record<StatementTemplateName, Render> = {
  statement_ready_restaurant: (c, f) =>
    c.statement
      ? `Brigade: your statement for ${days(c.statement, 'en')} is ready: ${f.usd(c.statement.charged_cents)} charged, ${f.usd(c.statement.net_cents)} after refunds. See it, print it or download the CSV: ${c.url}${c.statement.path}`
      : `Brigade: your weekly statement is ready. See it, print it or download the CSV: ${c.url}/statements`,
};

export const statementTextsEs: Record<StatementTemplateName, Render> = {
  statement_ready_restaurant: (c, f) =>
    c.statement
      ? `Brigade: tu estado de cuenta del ${days(c.statement, 'es')} está listo: ${f.usd(c.statement.charged_cents)} cobrados, ${f.usd(c.statement.net_cents)} tras reembolsos. Míralo, imprímelo o descarga el CSV: ${c.url}${c.statement.path}`
      : `Brigade: tu estado de cuenta semanal está listo. Míralo, imprímelo o descarga el CSV: ${c.url}/statements`,
};
