import { protectTerms, type Glossary, type GlossaryLanguage } from '../domain/glossary/glossary';
import type { Translation, Translator } from './translation-port';

const isProductLanguage = (l: string | undefined): l is GlossaryLanguage => l === 'en' || l === 'es';

/**
 * Any translator with the restaurant glossary around it (issue 32): the glossary's terms are taken out of the
 * text before the engine translates it and put back in the target language after (`domain/glossary`). The one
 * place the glossary is applied, so Google, Apertium's HTTP server and the local command all get it, and a
 * test of any of them measures it. The source language is the caller's (`from`, detected offline); without it
 * the text goes to the engine as it is. When the engine loses a placeholder the text is translated again
 * without the glossary, so a glossary can never cost a translation.
 */
export function withGlossary(inner: Translator, glossary: Glossary): Translator {
  if (!inner.enabled) return inner;
  return {
    enabled: inner.enabled,
    provider: inner.provider,
    slots: inner.slots,
    pairs: inner.pairs,
    via: `${inner.via}, with the kitchen glossary`,
    close: async () => inner.close?.(),
    async translate(text: string, to: string, from?: string): Promise<Translation> {
      if (!isProductLanguage(from) || !isProductLanguage(to) || from === to)
        return inner.translate(text, to, from);
      const guarded = protectTerms(glossary, text, from, to);
      const result = await inner.translate(guarded.text, to, from);
      // Google detects the source itself: a text it says was written in the target language is not ours to fix.
      if (result.detectedSource && !result.detectedSource.toLowerCase().startsWith(from))
        return guarded.terms === 0 ? result : inner.translate(text, to, from);
      const restored = guarded.restore(result.text);
      if (restored !== null) return { ...result, text: restored };
      return inner.translate(text, to, from);
    },
  };
}
