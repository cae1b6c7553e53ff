/** The languages the product speaks; messages are shown to each reader in one of these. */
export type Language = 'en' | 'es';

/** Below this, tinyld's guess on a short text ("Hello" reads as Spanish) is worse than the sender's preference. */
const MIN_ACCURACY = 0.5;

/**
 * The language a message was written in, detected offline. Short or ambiguous texts take the sender's
 * language preference, which is what they most likely wrote in.
 */
export async function detectLanguage(text: string, senderLanguage: Language): Promise<Language> {
  // tinyld's tables (about 45 MB) load with the first message, not with the service
  const { detectAll } = await import('tinyld');
  const [best] = detectAll(text, { only: ['en', 'es'] });
  if (best && best.accuracy >= MIN_ACCURACY && (best.lang === 'en' || best.lang === 'es')) return best.lang;
  return senderLanguage;
}

/** Worth sending to a translator: has letters (not only numbers, emoji or punctuation). */
export function hasWords(text: string): boolean {
  return /\p{L}/u.test(text);
}

/** 'es-419' -> 'es'; provider codes are compared by their base language. */
export function baseLanguage(code: string): string {
  return code.toLowerCase().split(/[-_]/)[0];
}
