import en from './catalog/en.json' with { type: 'json' };
import es from './catalog/es.json' with { type: 'json' };
import type { Language } from './constants';

/**
 * The names of the fixed lists in both languages: positions (a job's title is one), cuisines, skills,
 * weekdays, priorities, job statuses. One copy, read by the web app (its `catalog` namespace) and by
 * notifications (job titles in texts). Fixed lists are localised from here, never machine-translated
 * (issue 32). `@brigade/contracts/catalog`, not the package's index: the web app loads the catalog lazily.
 */
export const CATALOG = { en, es } as const;
export type CatalogList = 'positions' | 'cuisines' | 'skills';

/** A list's entry in a language ("Line Cook" -> "Cocinero de línea"); null when it is not in the list. */
export function catalogName(list: CatalogList, value: string, language: Language): string | null {
  const names = CATALOG[language][list] as Record<string, string>;
  return Object.prototype.hasOwnProperty.call(names, value) ? names[value] : null;
}
