import { CATALOG, catalogName } from '../src/catalog';
import { CUISINES, POSITIONS, SKILLS, WEEKDAYS } from '../src/constants';
import { JOB_STATUSES } from '../src/lifecycles';

// The catalog of fixed lists (contracts/src/catalog/*.json), read by the web app and notifications.

const keys = (tree: unknown, prefix = ''): string[] =>
  tree !== null && typeof tree === 'object'
    ? Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) =>
        keys(v, prefix ? `${prefix}.${k}` : k),
      )
    : [prefix];

test('English and Spanish name the same entries', () => {
  expect(keys(CATALOG.es).sort()).toEqual(keys(CATALOG.en).sort());
});

test('every position, cuisine, skill, weekday and job status has a name in both languages', () => {
  for (const language of ['en', 'es'] as const) {
    const c = CATALOG[language];
    for (const p of POSITIONS) expect((c.positions as Record<string, string>)[p]).toBeTruthy();
    for (const x of CUISINES) expect((c.cuisines as Record<string, string>)[x]).toBeTruthy();
    for (const s of SKILLS) expect((c.skills as Record<string, string>)[s]).toBeTruthy();
    for (const d of WEEKDAYS) expect(c.weekdays[d]).toBeTruthy();
    for (const st of JOB_STATUSES) expect((c.jobStatus as Record<string, string>)[st]).toBeTruthy();
  }
});

test('a position is localised; a title that is not one has no catalog name', () => {
  expect(catalogName('positions', 'Line Cook', 'es')).toBe('Cocinero de línea');
  expect(catalogName('positions', 'Kitchen Help', 'en')).toBe('Kitchen Help');
  expect(catalogName('positions', 'Taco night helper', 'es')).toBeNull();
  expect(catalogName('positions', 'constructor', 'es')).toBeNull();
});
