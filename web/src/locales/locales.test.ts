import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.join(process.cwd(), 'web/src/locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key path of a JSON tree; plural forms count as one key (Spanish has a 'many' form English lacks). */
function keys(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) return [prefix];
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) =>
    keys(v, prefix ? `${prefix}.${k}` : k),
  );
}
const load = (lang: string, file: string) =>
  JSON.parse(readFileSync(path.join(dir, lang, file), 'utf8')) as unknown;
const files = readdirSync(path.join(dir, 'en')).filter((f) => f.endsWith('.json'));

describe('locales', () => {
  test('English and Spanish have the same files', () => {
    expect(
      readdirSync(path.join(dir, 'es'))
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual([...files].sort());
  });

  test.each(files)('every key in %s exists in both languages', (file) => {
    const en = new Set(keys(load('en', file)).map((k) => k.replace(PLURAL, '')));
    const es = new Set(keys(load('es', file)).map((k) => k.replace(PLURAL, '')));
    expect([...en].filter((k) => !es.has(k))).toEqual([]);
    expect([...es].filter((k) => !en.has(k))).toEqual([]);
  });

  test.each(files)('%s is really translated (most Spanish texts differ from the English)', (file) => {
    const flat = (lang: string) => {
      const out = new Map<string, string>();
      const walk = (t: unknown, p: string) => {
        if (typeof t === 'string') out.set(p, t);
        else if (t && typeof t === 'object') Object.entries(t).forEach(([k, v]) => walk(v, `${p}.${k}`));
      };
      walk(load(lang, file), '');
      return out;
    };
    const en = flat('en');
    const es = flat('es');
    const same = [...en].filter(([k, v]) => es.get(k) === v && /[a-z]{4,}\s+[a-z]{3,}/i.test(v));
    // Multi-word sentences identical in both files would be untranslated English.
    expect(same.map(([k]) => k)).toEqual([]);
  });

  test.each(files)('every count shown in %s goes through plural forms (_one/_other)', (file) => {
    for (const lang of ['en', 'es']) {
      const singular: string[] = [];
      const walk = (t: unknown, p: string) => {
        if (typeof t === 'string') {
          // "{{count}}/{{max}}" and "{{count}} of {{max}}" count characters against a maximum: the maximum is plural
          const counter = /\{\{count\}\}(\/| of | de )\{\{max\}\}/.test(t);
          if (t.includes('{{count}}') && !counter && !PLURAL.test(p)) singular.push(`${lang}:${p}`);
        } else if (t && typeof t === 'object')
          Object.entries(t).forEach(([k, v]) => walk(v, p ? `${p}.${k}` : k));
      };
      walk(load(lang, file), '');
      expect(singular).toEqual([]);
      const keyset = keys(load(lang, file));
      for (const k of keyset.filter((key) => key.endsWith('_one')))
        expect(keyset).toContain(k.replace(/_one$/, '_other'));
    }
  });

  test('no screen text speaks of a 10% fee or a 90% share', () => {
    for (const lang of ['en', 'es']) {
      for (const file of files) {
        const text = readFileSync(path.join(dir, lang, file), 'utf8');
        expect(text).not.toMatch(/\b10 ?%|\b90 ?%/);
      }
    }
  });
});
