/**
 * What the Apertium adapters (the local command and APy) share: the language codes, the directions the
 * product uses, and the clean-up of Apertium's output.
 */

/** The product's languages by Apertium's (ISO 639-3) codes. */
const APERTIUM_CODES: Record<string, string> = { en: 'eng', es: 'spa' };

/** `en`, `es` -> the Apertium direction (`eng-spa`); null for a language the product does not translate. */
export function apertiumMode(from: string, to: string): string | null {
  const source = APERTIUM_CODES[from];
  const target = APERTIUM_CODES[to];
  return source && target ? `${source}-${target}` : null;
}

/** The product's directions (`en-es`) among the Apertium directions installed (`eng-spa`, `spa-eng_US`...). */
export function productPairs(modes: Iterable<string>): string[] {
  const installed = new Set(modes);
  return ['en-es', 'es-en'].filter((pair) => {
    const [from, to] = pair.split('-');
    return installed.has(apertiumMode(from, to)!);
  });
}

/**
 * Apertium's output made readable: without the marks it puts before words it could not handle (`*` unknown,
 * `#` not generated, `@` not transferred), unless the writer used that character themselves; runs of spaces
 * (left where a word was dropped) made one; no surrounding blank.
 */
export function cleanApertiumOutput(output: string, original: string): string {
  let text = output;
  for (const mark of ['*', '#', '@']) {
    if (original.includes(mark)) continue;
    text = text.replace(new RegExp(`[${mark}](?=[\\p{L}\\p{N}])`, 'gu'), '');
  }
  return text.replace(/[^\S\n]{2,}/g, ' ').trim();
}
