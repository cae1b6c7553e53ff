// One name per thing (issue 32): every text of the web app, of the catalog, of the policy and money texts, and
// of the server's texts that reach people (SMS, refusals given in the reader's language, calendar feeds) follows
// the glossary (glossary.json, explained in docs/ui-glossary.md). A text added later with a word to avoid fails
// here, with the word to use instead.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { POLICY_TEXTS } from '@brigade/contracts';

interface Side {
  use: string;
  avoid: string[];
}
interface Glossary {
  terms: { id: string; meaning: string; en: Side; es: Side }[];
  chefScreens: { keys: string[]; avoid: Record<'en' | 'es', string[]> };
  serverTexts: { sources: Record<string, string> };
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

type Lang = (typeof LANGUAGES)[number];

/**
 * The texts of a server source file, by language: every string or template literal the file gives in English
 * or in Spanish, read from its syntax tree. A literal's language is that of the nearest `en` / `es` around it:
 * a property (`{ en: {...}, es: {...} }`), a variable (`ruleTextsEs`, `const es = ...`) or a condition
 * (`es ? '...' : '...'`, `language === 'es' ? ...`). Its key is `<source>:<path>`, the path the names of the
 * variables, properties and functions around it (the language left out, so both languages share keys). Keys,
 * codes and options passed to calls or compared (`policyText('es', 'checkout_deadline')`) are not texts; a
 * template's links (`${c.url}/jobs/${c.job_id}`) are not words.
 */
function serverTexts(source: string, file: string): Record<Lang, [string, string][]> {
  const tree = ts.createSourceFile(
    file,
    readFileSync(path.join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: Record<Lang, [string, string][]> = { en: [], es: [] };
  const langOfName = (name: string): Lang | null =>
    /^en$|[a-z]En$/.test(name) ? 'en' : /^es$|[a-z]Es$/.test(name) ? 'es' : null;
  const nameOf = (node: ts.Node): string | null => {
    const named = node as ts.Node & { name?: ts.Node };
    if (
      (ts.isVariableDeclaration(node) ||
        ts.isPropertyAssignment(node) ||
        ts.isFunctionDeclaration(node) ||
        ts.isMethodDeclaration(node)) &&
      named.name &&
      (ts.isIdentifier(named.name) || ts.isStringLiteral(named.name))
    )
      return named.name.text;
    return null;
  };
  /** `es`, `language === 'es'`, `lang !== 'en'`...: the language the condition's true branch is in. */
  const langOfCondition = (c: ts.Expression): Lang | null => {
    if (ts.isIdentifier(c)) return langOfName(c.text);
    if (ts.isPropertyAccessExpression(c)) return langOfName(c.name.text); // `this.es`
    if (ts.isBinaryExpression(c) && ts.isStringLiteral(c.right)) {
      const lang = c.right.text === 'es' ? 'es' : c.right.text === 'en' ? 'en' : null;
      if (!lang) return null;
      const equal = c.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken;
      return equal ? lang : lang === 'es' ? 'en' : 'es';
    }
    return null;
  };
  const notAText = (node: ts.Node): boolean => {
    const parent = node.parent;
    return (
      (ts.isCallExpression(parent) &&
        parent.arguments.includes(node as ts.Expression) &&
        ts.isStringLiteral(node)) ||
      (ts.isNewExpression(parent) && ts.isStringLiteral(node)) ||
      ts.isBinaryExpression(parent) ||
      ts.isCaseClause(parent) ||
      ts.isLiteralTypeNode(parent) ||
      ts.isElementAccessExpression(parent) ||
      ts.isImportDeclaration(parent) ||
      ts.isExportDeclaration(parent) ||
      (ts.isPropertyAssignment(parent) && parent.name === node)
    );
  };
  const textOf = (node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression) =>
    (ts.isTemplateExpression(node)
      ? node.head.text + node.templateSpans.map((span) => ` {x}${span.literal.text}`).join('')
      : node.text
    ).replace(/(\{x\})?\/\S*/g, ' ');
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateExpression(node)) &&
      !notAText(node)
    ) {
      let lang: Lang | null = null;
      const names: string[] = [];
      for (let at: ts.Node = node; at.parent; at = at.parent) {
        const parent = at.parent;
        const name = nameOf(parent);
        if (name !== null) {
          const named = langOfName(name);
          if (named) lang ??= named;
          else names.unshift(name);
        }
        if (!lang && ts.isConditionalExpression(parent) && at !== parent.condition) {
          const whenTrue = langOfCondition(parent.condition);
          if (whenTrue) lang = at === parent.whenTrue ? whenTrue : whenTrue === 'es' ? 'en' : 'es';
        }
      }
      if (lang) found[lang].push([`${source}:${names.join('.')}`, textOf(node)]);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

const SERVER = Object.entries(glossary.serverTexts.sources).map(([source, file]) => ({
  source,
  file,
  texts: serverTexts(source, file),
}));

/**
 * Every text of a language: `<namespace>:<key path>` -> text (the catalog as `catalog:<key>`, the policy texts
 * as `policy:<key>`, a server source's as `<source>:<path>`).
 */
function texts(lang: Lang): [string, string][] {
  const files = readdirSync(path.join(dir, lang)).filter((f) => f.endsWith('.json'));
  const fromLocales = files.flatMap((f) =>
    flat(JSON.parse(readFileSync(path.join(dir, lang, f), 'utf8'))).map(
      ([k, v]) => [`${f.replace(/\.json$/, '')}:${k}`, v] as [string, string],
    ),
  );
  const fromCatalog = flat(
    JSON.parse(readFileSync(path.join(root, `contracts/src/catalog/${lang}.json`), 'utf8')),
  ).map(([k, v]) => [`catalog:${k}`, v] as [string, string]);
  const fromPolicy = Object.entries(POLICY_TEXTS[lang]).map(
    ([k, v]) => [`policy:${k}`, v] as [string, string],
  );
  const fromServer = SERVER.flatMap((s) => s.texts[lang]);
  return [...fromLocales, ...fromCatalog, ...fromPolicy, ...fromServer];
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
/** A key of `chefScreens` against a text's key: `*` stands for any part of it. */
const keyMatches = (pattern: string, key: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  ).test(key);

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
    const chosen = [...all.keys()].filter((key) => glossary.chefScreens.keys.some((k) => keyMatches(k, key)));
    // every listed key exists (a renamed key would silently leave the rule)
    const unknown = glossary.chefScreens.keys.filter((k) => !chosen.some((c) => keyMatches(k, c)));
    expect(unknown).toEqual([]);
    const found = chosen.flatMap((key) =>
      glossary.chefScreens.avoid[lang]
        .map((p) => matcher(p).exec(words(all.get(key)!)))
        .filter((hit): hit is RegExpExecArray => !!hit)
        .map((hit) => `${key}: "${hit[0]}" in "${all.get(key)}"`),
    );
    expect(found).toEqual([]);
  });

  test.each(SERVER.map((s) => [s.source, s.file, s.texts] as const))(
    'the server texts of %s (%s) are read in both languages',
    (_source, _file, found) => {
      for (const lang of LANGUAGES) expect(found[lang].length).toBeGreaterThan(0);
    },
  );

  test("a server text's language is the one around it, and its links are not words", () => {
    const of = (source: string, lang: Lang) =>
      SERVER.find((s) => s.source === source)!.texts[lang].map(([, text]) => text);
    // `es ? 'tu turno' : 'your shift'`
    expect(of('sms-format', 'es')).toContain('tu turno');
    expect(of('sms-format', 'en')).toContain('your shift');
    expect(of('sms-format', 'es')).not.toContain('your shift');
    // `{ en: {...}, es: {...} }`, and a template's link (`${c.url}/jobs/${c.job_id}`) left out
    expect(of('sms', 'es').some((t) => t.startsWith('Brigade: ') && t.includes('{x}'))).toBe(true);
    expect(of('sms', 'en').filter((t) => /\/jobs\b/.test(t))).toEqual([]);
    expect(of('money-texts', 'es').some((t) => t.startsWith('Salida registrada'))).toBe(true);
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
    expect(avoided('es', 'hasta que ambas partes cierren el turno')).toBe(true);
    expect(avoided('en', 'Job Not Found')).toBe(true);
    expect(avoided('es', 'Registrar la salida del turno')).toBe(false);
    expect(avoided('es', '¿Trabajaste este turno?')).toBe(false);
    expect(avoided('es', 'Cerrar sesión')).toBe(false);
    expect(avoided('en', 'Dispute: {{job}}')).toBe(false);
  });
});
