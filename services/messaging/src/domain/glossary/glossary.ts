/**
 * The restaurant glossary applied around a machine translation (issue 32): kitchen words the engines get
 * wrong ("non-slip shoes" -> "no-zapatos de resbalón", "walk-in" -> "paseo-en", "Park in the lot" -> "Parque
 * en la parcela") are taken out of the text before the engine sees it and put back, in the other language,
 * after. Pure functions over the data in `kitchen-glossary.ts`; the translator wrapper
 * (`adapters/glossary-translator.ts`) applies them to every engine.
 *
 * How: each glossary term found in the text (leftmost, then longest; whole words, any case, a hyphen or a
 * space alike) is replaced by a placeholder the engines leave as it is (`Zq3x`, an unknown word to each of
 * them), together with the article before a noun ("the walk-in" -> "la cámara fría": the target article
 * agrees with the target noun). The engine translates the rest around the placeholders; each placeholder is
 * then replaced by the term's translation, capitalised at the start of a sentence, and the word after one
 * that starts a sentence gets back its small letter (Apertium capitalises the first word it translates).
 * Last, the target language's fixes (regional words: Mexican / US Spanish "tu" for Spain's "vuestro",
 * "papas" for "patatas") are applied to the engine's words, never to the glossary's.
 */

export type GlossaryLanguage = 'en' | 'es';

/** Forms of a word or phrase in one language: the first is the one written when translating into it. */
type Forms = string | readonly string[];

export interface GlossaryTerm {
  en: Forms;
  es: Forms;
  /**
   * The Spanish form is a noun of this gender (an article before the term is taken with it and written to
   * agree: "the sheet pan" -> "la charola", "del área de lavado" -> "of the dish pit"). `área`-like nouns
   * that take `el` are written 'm'.
   */
  g?: 'm' | 'f';
  /** Plural forms, [en, es] (a noun's plural agrees as the singular does, with los/las). */
  pl?: readonly [Forms, Forms];
  /** The forms above are plural already ("tongs" -> "las pinzas"). */
  plural?: boolean;
  /** Only at the start of a sentence (an imperative: "Wear" -> "Usa"), or after "and" following one. */
  start?: boolean;
  /** Only when it is a whole sentence, a call on the line ("Behind!" -> "¡Atrás!"). */
  callout?: boolean;
  /** Only with an article or a possessive before it ("the lot", not "a lot of"; "the pass", not "pass me"). */
  article?: boolean;
  /** Only into this language (the term's other side is ambiguous the other way: "camión" is also a truck). */
  to?: GlossaryLanguage;
  /** Only when the sentence before it matches this (case-insensitive): "six burgers all day". */
  after?: string;
  /** Not when the text right after it starts with this word ("a lot of" is no parking lot). */
  unless?: string;
}

export interface Glossary {
  /** The terms by subject (attire, stations...): the subjects only organise the data. */
  terms: Readonly<Record<string, readonly GlossaryTerm[]>>;
  /** Words an engine writes that a US kitchen says otherwise, per target language: [engine's, ours]. */
  fixes: Readonly<Record<GlossaryLanguage, ReadonlyArray<readonly [string, string]>>>;
}

interface Rule {
  pattern: RegExp;
  /** The target text, without its article. */
  target: string;
  /** The source form names its article itself ("el estacionamiento"): it wins a tie with an absorbed one. */
  explicit: boolean;
  noun: { gender: 'm' | 'f'; plural: boolean } | null;
  term: GlossaryTerm;
}

const ARTICLES: Record<GlossaryLanguage, string> = {
  en: 'the|a|an|your|my|our|his|her|their|this|these',
  es: 'el|la|los|las|un|una|unos|unas|del|al|tu|tus|mi|mis|su|sus|nuestro|nuestra|nuestros|nuestras|este|esta|estos|estas',
};
/** Possessives and demonstratives: the English word, and the Spanish ones by [masculine, feminine] x [singular, plural]. */
type Determiner = { en: [string, string]; es: { m: [string, string]; f: [string, string] } };
const YOUR: Determiner = { en: ['your', 'your'], es: { m: ['tu', 'tus'], f: ['tu', 'tus'] } };
const MY: Determiner = { en: ['my', 'my'], es: { m: ['mi', 'mis'], f: ['mi', 'mis'] } };
const OUR: Determiner = {
  en: ['our', 'our'],
  es: { m: ['nuestro', 'nuestros'], f: ['nuestra', 'nuestras'] },
};
const THEIR: Determiner = { en: ['their', 'their'], es: { m: ['su', 'sus'], f: ['su', 'sus'] } };
const THIS: Determiner = { en: ['this', 'these'], es: { m: ['este', 'estos'], f: ['esta', 'estas'] } };
const DETERMINERS: Record<string, Determiner> = {
  your: YOUR,
  tu: YOUR,
  tus: YOUR,
  my: MY,
  mi: MY,
  mis: MY,
  our: OUR,
  nuestro: OUR,
  nuestra: OUR,
  nuestros: OUR,
  nuestras: OUR,
  his: THEIR,
  her: THEIR,
  their: THEIR,
  su: THEIR,
  sus: THEIR,
  this: THIS,
  these: THIS,
  este: THIS,
  esta: THIS,
  estos: THIS,
  estas: THIS,
};

const forms = (f: Forms): readonly string[] => (typeof f === 'string' ? [f] : f);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form as a pattern: any case, a space or a hyphen alike ("walk-in", "walk in"), whole words only. */
const formPattern = (form: string) => escape(form).replace(/\\?-/g, '[-\\s]?').replace(/\s+/g, '[-\\s]+');
const WORD_BEFORE = '(?<![\\p{L}\\p{N}])';
const WORD_AFTER = '(?![\\p{L}\\p{N}])';

const compiled = new WeakMap<Glossary, Map<string, Rule[]>>();

/** The glossary's rules for one direction, each form of each term as a pattern (made once per glossary). */
export function rulesFor(glossary: Glossary, from: GlossaryLanguage, to: GlossaryLanguage): Rule[] {
  let byDirection = compiled.get(glossary);
  if (!byDirection) compiled.set(glossary, (byDirection = new Map()));
  const key = `${from}-${to}`;
  const known = byDirection.get(key);
  if (known) return known;
  const rules: Rule[] = [];
  const add = (term: GlossaryTerm, sources: Forms, target: Forms, plural: boolean) => {
    for (const source of forms(sources)) {
      const explicit = new RegExp(`^(${ARTICLES[from]})\\s`, 'i').test(source);
      const article = term.g && !explicit ? `(?:(${ARTICLES[from]})\\s+)${term.article ? '' : '?'}` : '';
      const unless = term.unless ? `(?!\\s+${escape(term.unless)}${WORD_AFTER})` : '';
      rules.push({
        pattern: new RegExp(`${WORD_BEFORE}${article}(${formPattern(source)})${WORD_AFTER}${unless}`, 'giu'),
        target: forms(target)[0],
        explicit,
        noun: term.g && !explicit ? { gender: term.g, plural } : null,
        term,
      });
    }
  };
  for (const terms of Object.values(glossary.terms))
    for (const term of terms) {
      if (term.to && term.to !== to) continue;
      add(term, term[from], term[to], term.plural === true);
      if (term.pl) add(term, term.pl[from === 'en' ? 0 : 1], term.pl[to === 'en' ? 0 : 1], true);
    }
  byDirection.set(key, rules);
  return rules;
}

/** The article (or possessive) written before a glossary noun in the target language. */
function targetArticle(
  sourceArticle: string,
  noun: { gender: 'm' | 'f'; plural: boolean },
  target: string,
  to: GlossaryLanguage,
): string {
  const a = sourceArticle.toLowerCase();
  const determiner = DETERMINERS[a];
  if (determiner) return (to === 'en' ? determiner.en : determiner.es[noun.gender])[noun.plural ? 1 : 0];
  const definite = ['the', 'el', 'la', 'los', 'las', 'del', 'al'].includes(a);
  if (to === 'es') {
    if (definite)
      return noun.plural ? (noun.gender === 'f' ? 'las' : 'los') : noun.gender === 'f' ? 'la' : 'el';
    return noun.plural ? (noun.gender === 'f' ? 'unas' : 'unos') : noun.gender === 'f' ? 'una' : 'un';
  }
  if (a === 'del') return 'of the';
  if (a === 'al') return 'to the';
  if (definite) return 'the';
  if (a === 'unos' || a === 'unas') return 'some';
  return /^[aeiou]/i.test(target) ? 'an' : 'a';
}

/** Where the sentence holding `index` starts in `text`. */
function sentenceStart(text: string, index: number): number {
  const before = text.slice(0, index);
  const m = /[\s\S]*[.!?;:\n]/.exec(before);
  return m ? m[0].length : 0;
}

/** Only openers (¡ ¿ " ' ( "please," "por favor,") stand between the sentence's start and `index`. */
const OPENERS = /^[\s¡¿"'“(]*(?:(?:please|por favor)[\s,]+)?$/i;
/** After "and" / "then" / "y" / "luego", or a comma, that follows an imperative in the same sentence. */
const CONTINUES = /(?:,|\band|\bthen|\by|\bluego)\s*$/i;

interface Found {
  index: number;
  length: number;
  article: string | undefined;
  rule: Rule;
}

/** The glossary terms of `text`, leftmost first and longest at each place, none overlapping. */
function findTerms(text: string, rules: Rule[]): Found[] {
  const candidates: Found[] = [];
  for (const rule of rules) {
    rule.pattern.lastIndex = 0;
    for (const m of text.matchAll(rule.pattern)) {
      const article = rule.noun ? m[1] : undefined;
      candidates.push({ index: m.index, length: m[0].length, article, rule });
    }
  }
  candidates.sort(
    (a, b) => a.index - b.index || b.length - a.length || Number(b.rule.explicit) - Number(a.rule.explicit),
  );
  const accepted: Found[] = [];
  let end = 0;
  for (const c of candidates) {
    if (c.index < end) continue;
    const { term } = c.rule;
    const start = sentenceStart(text, c.index);
    const lead = text.slice(start, c.index);
    if (term.start || term.callout) {
      const atStart = OPENERS.test(lead);
      const continues =
        !term.callout &&
        CONTINUES.test(lead) &&
        accepted.some((a) => a.rule.term.start && a.index >= start && a.index < c.index);
      if (!atStart && !continues) continue;
      if (term.callout && !/^\s*(?:[!.,]|$)/.test(text.slice(c.index + c.length))) continue;
    }
    if (term.after && !new RegExp(term.after, 'iu').test(lead)) continue;
    accepted.push(c);
    end = c.index + c.length;
  }
  return accepted;
}

/** A placeholder the engines leave as it is: an unknown word of letters and digits. */
const placeholder = (i: number) => `Zq${i}x`;
const PLACEHOLDER = /Zq(\d+)x/gi;

export interface Protected {
  /** The text to give the engine: glossary terms replaced by placeholders. */
  text: string;
  /** How many terms were taken out. */
  terms: number;
  /** The engine's translation of `text`, with each term put back in the target language; null when a placeholder went missing. */
  restore(translated: string): string | null;
}

/**
 * Take the glossary's terms out of `text` (written in `from`) before an engine translates it into `to`; the
 * answer's `restore` puts them back into the engine's output.
 */
export function protectTerms(
  glossary: Glossary,
  text: string,
  from: GlossaryLanguage,
  to: GlossaryLanguage,
): Protected {
  const found = PLACEHOLDER.test(text) ? [] : findTerms(text, rulesFor(glossary, from, to));
  PLACEHOLDER.lastIndex = 0;
  let out = '';
  let at = 0;
  const targets: string[] = [];
  found.forEach((f, i) => {
    out += text.slice(at, f.index) + placeholder(i);
    at = f.index + f.length;
    const { noun, target } = f.rule;
    targets.push(noun && f.article ? `${targetArticle(f.article, noun, target, to)} ${target}` : target);
  });
  out += text.slice(at);
  return {
    text: out,
    terms: found.length,
    restore: (translated) =>
      found.length === 0
        ? finish(fixWords(glossary, translated, to, text), to, text)
        : restoreTerms(glossary, translated, targets, to, text),
  };
}

const SENTENCE_OPEN = /(?:^|[.!?:;\n]\s*)[¡¿"'“(]*$/;

function restoreTerms(
  glossary: Glossary,
  translated: string,
  targets: string[],
  to: GlossaryLanguage,
  source: string,
): string | null {
  const seen = new Set<number>();
  for (const m of translated.matchAll(PLACEHOLDER)) seen.add(Number(m[1]));
  if (targets.some((_, i) => !seen.has(i))) return null;
  // The engine's own words first (regional fixes), the placeholders untouched; then the small letter back on
  // the first word after placeholders that open a sentence (Apertium capitalises the first word it
  // translated), unless the writer capitalised that word themselves (a name).
  const fixed = fixWords(glossary, translated, to, source).replace(
    /(^|[.!?:;\n]\s*)([¡¿"'“(]*(?:Zq\d+x[\s,]*)+)(\p{Lu})(\p{Ll}*)(?![\p{L}\p{N}])/gu,
    (whole, open: string, run: string, first: string, rest: string) =>
      (to === 'en' && first === 'I' && rest === '') ||
      new RegExp(`${WORD_BEFORE}${first}${rest}${WORD_AFTER}`, 'u').test(source)
        ? whole
        : `${open}${run}${first.toLowerCase()}${rest}`,
  );
  let out = '';
  let at = 0;
  for (const m of fixed.matchAll(PLACEHOLDER)) {
    const target = targets[Number(m[1])] ?? m[0];
    out += fixed.slice(at, m.index);
    out += SENTENCE_OPEN.test(out) ? capitalise(target) : target;
    at = m.index + m[0].length;
  }
  out += fixed.slice(at);
  return finish(out, to, source);
}

/**
 * The last touches: the first letter capital when the writer's was; in Spanish, "de el" and "a el" contracted
 * (an article written before a glossary noun) and the opening marks the engines leave out (¿ ¡).
 */
function finish(text: string, to: GlossaryLanguage, source: string): string {
  // no space before a stop or a comma unless the writer put one (Apertium leaves one where a word was dropped)
  if (!/\s[.,;:!?]/.test(source)) text = text.replace(/[^\S\n]+([.,;:!?])/g, '$1');
  let out = /^\P{L}*\p{Lu}/u.test(source)
    ? text.replace(/^(\P{L}*)(\p{Ll})/u, (_, lead: string, c: string) => lead + c.toUpperCase())
    : text;
  if (to !== 'es') return out;
  out = out.replace(/\b([dD]e|[aA]) el\b/g, (_, p: string) =>
    p.toLowerCase() === 'de' ? `${p[0]}el` : `${p}l`,
  );
  return out.replace(/[^.!?\n]+[?!]+/g, (sentence) => openingMark(sentence));
}

/** Words that start a question after a comma ("Ya llegué, ¿a dónde voy?"). */
const QUESTION_OPENER =
  /,\s*(?=(?:a |por |de |con |para )?(?:qué|dónde|cuándo|cómo|cuál|cuáles|quién|quiénes|cuánto|cuánta|cuántos|cuántas|puedes|puede|pueden|me|te|hay|tienes|vas|estás)\b)/iu;

/** A Spanish question or exclamation with its opening mark: at its start, or after the comma before its question word. */
function openingMark(sentence: string): string {
  const mark = sentence.trimEnd().endsWith('?') ? '¿' : '¡';
  if (sentence.includes(mark)) return sentence;
  const lead = /^\s*/.exec(sentence)![0];
  const body = sentence.slice(lead.length);
  if (mark === '¿') {
    const comma = QUESTION_OPENER.exec(body);
    if (comma) {
      const at = comma.index + comma[0].length;
      return `${lead}${body.slice(0, at)}¿${body.slice(at)}`;
    }
  }
  return `${lead}${mark}${body}`;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The target language's regional fixes on the engine's words: whole words, any case (the first letter's
 * case kept); a word the writer used themselves in the source is left alone.
 */
function fixWords(glossary: Glossary, text: string, to: GlossaryLanguage, source: string): string {
  let out = text;
  for (const [from, into] of glossary.fixes[to]) {
    const pattern = new RegExp(`${WORD_BEFORE}${formPattern(from)}${WORD_AFTER}`, 'giu');
    if (pattern.test(source)) continue;
    out = out.replace(pattern, (word) =>
      word.charAt(0) === word.charAt(0).toUpperCase() && word.charAt(0) !== word.charAt(0).toLowerCase()
        ? capitalise(into)
        : into,
    );
  }
  return out;
}
