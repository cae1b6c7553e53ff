// One name per thing (issue 32): every text of the web app and of the policy texts follows the glossary
// (glossary.json, explained in docs/ui-glossary.md). A text added later with a word to avoid fails here, with the
// word to use instead.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { POLICY_TEXTS } from '@brigade/contracts';

interface Side {
  use: string;
  avoid: string[];
}
interface Glossary {
  terms: { id: string; meaning: string; en: Side; es: Side }[];
  chefScreens: { keys: string[]; avoid: Record<'en' | 'es', string[]> };
  exceptions: Record<string, string>;
}

const root = process.cwd();
const dir = path.join(root, 'web/src/locales');
const glossary = JSON.parse(readFileSync(path.join(dir, 'glossary.json'), 'utf8')) as Glossary;
const LANGUAGES = ['en', 'es'] as const;

function flat(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (!tree || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k));
}

/** Every text of a language: `<namespace>:<key path>` -> text (the policy texts as `policy:<key>`). */
function texts(lang: 'en' | 'es'): [string, string][] {
  const files = readdirSync(path.join(dir, lang)).filter((f) => f.endsWith('.json'));
  const fromLocales = files.flatMap((f) =>
    flat(JSON.parse(readFileSync(path.join(dir, lang, f), 'utf8'))).map(
      ([k, v]) => [`${f.replace(/\.json$/, '')}:${k}`, v] as [string, string],
    ),
  );
  const fromPolicy = Object.entries(POLICY_TEXTS[lang]).map(
    ([k, v]) => [`policy:${k}`, v] as [string, string],
  );
  return [...fromLocales, ...fromPolicy];
}

/** The words a reader sees: placeholders (`{{job}}`, `{deadline}`) are not words. */
const words = (text: string) => text.replace(/\{\{?\w+\}?\}/g, ' ');
/**
 * A glossary pattern as a regular expression: case-insensitive, and its \b word edges on letters of any
 * language (JavaScript's \b takes "á" for a non-word character, so "\bcierre\b" would match inside "acierre").
 */
function matcher(p: string): RegExp {
  // a \b before a word is "no letter before", a \b after one (end, or before ")" or "|") is "no letter after"
  const body = p.replace(/\\b/g, (_m, i: number) =>
    i + 2 >= p.length || ')|'.includes(p[i + 2]) ? '(?![\\p{L}\\p{N}])' : '(?<![\\p{L}\\p{N}])',
  );
  return new RegExp(body, 'iu');
}

const excepted = (lang: string, key: string) => `${lang}:${key}` in glossary.exceptions;

describe('the UI glossary', () => {
  test('every term has one word to use in each language, and its patterns compile', () => {
    const ids = glossary.terms.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const term of glossary.terms)
      for (const lang of LANGUAGES) {
        expect(term[lang].use.trim()).not.toBe('');
        for (const p of term[lang].avoid) expect(() => matcher(p)).not.toThrow();
      }
  });

  test.each(LANGUAGES)('no %s text uses a word the glossary says to avoid', (lang) => {
    const found: string[] = [];
    for (const [key, text] of texts(lang)) {
      if (excepted(lang, key)) continue;
      for (const term of glossary.terms)
        for (const p of term[lang].avoid) {
          const hit = matcher(p).exec(words(text));
          if (hit) found.push(`${key}: "${hit[0]}" (say "${term[lang].use}") in "${text}"`);
        }
    }
    expect(found).toEqual([]);
  });

  test.each(LANGUAGES)("a chef's own screens speak to her in %s, never of 'the chef'", (lang) => {
    const all = new Map(texts(lang));
    const chosen = [...all.keys()].filter((key) =>
      glossary.chefScreens.keys.some((k) => (k.endsWith('*') ? key.startsWith(k.slice(0, -1)) : key === k)),
    );
    // every listed key exists (a renamed key would silently leave the rule)
    const unknown = glossary.chefScreens.keys.filter(
      (k) => !chosen.some((c) => (k.endsWith('*') ? c.startsWith(k.slice(0, -1)) : c === k)),
    );
    expect(unknown).toEqual([]);
    const found = chosen.flatMap((key) =>
      glossary.chefScreens.avoid[lang]
        .map((p) => matcher(p).exec(words(all.get(key)!)))
        .filter((hit): hit is RegExpExecArray => !!hit)
        .map((hit) => `${key}: "${hit[0]}" in "${all.get(key)}"`),
    );
    expect(found).toEqual([]);
  });

  test('docs/ui-glossary.md names every term with its English and Spanish words', () => {
    const doc = readFileSync(path.join(root, 'docs/ui-glossary.md'), 'utf8');
    const missing = glossary.terms.flatMap((t) =>
      LANGUAGES.filter((lang) => !doc.includes(t[lang].use)).map(
        (lang) => `${t.id} (${lang}: ${t[lang].use})`,
      ),
    );
    expect(missing).toEqual([]);
  });

  test('the check finds an avoided word in a text added later (so it cannot pass vacuously)', () => {
    const avoided = (lang: 'en' | 'es', text: string) =>
      glossary.terms.some((t) => t[lang].avoid.some((p) => matcher(p).test(words(text))));
    expect(avoided('es', 'Cierre del turno')).toBe(true);
    expect(avoided('es', 'Chef / trabajador')).toBe(true);
    expect(avoided('es', 'Mi trabajo')).toBe(true);
    expect(avoided('en', 'Job Not Found')).toBe(true);
    expect(avoided('es', 'Registrar la salida del turno')).toBe(false);
    expect(avoided('es', '¿Trabajaste este turno?')).toBe(false);
    expect(avoided('es', 'Cerrar sesión')).toBe(false);
    expect(avoided('en', 'Dispute: {{job}}')).toBe(false);
  });
});
