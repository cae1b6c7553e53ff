import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextTranslation } from '@brigade/contracts';

/** en-US -> en: the language part of a tag. */
export const baseLanguage = (tag: string | null | undefined) => (tag ?? '').toLowerCase().split('-')[0];

export interface TranslatedSource {
  /** The text as its author wrote it. */
  original: string;
  /** The language the author wrote in (null when nobody knows). */
  originalLanguage: string | null;
  /** The text in the reader's language when a translator made one, else null. */
  translation: string | null;
  /** The reader wrote it: no mark. */
  mine?: boolean;
}

export interface ShownText {
  /** What to show: the translation by default, the original after "Show original". */
  text: string;
  /** The language of `text` (for the `lang` attribute), when known. */
  lang: string | undefined;
  /**
   * The honest mark: "Translated from English · Show original" (a toggle) when a translation is shown,
   * "Not translated" when someone wrote in another language than the reader's and no translation was made.
   */
  mark: ReactNode;
}

/**
 * A text someone wrote, as the reader reads it (messages, dispute statements, the operator's view of both). The
 * reader's language is the screen's.
 */
export function useTranslatedText({
  original,
  originalLanguage,
  translation,
  mine,
}: TranslatedSource): ShownText {
  const { t, i18n } = useTranslation('common');
  const [showOriginal, setShowOriginal] = useState(false);
  const reader = baseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const from = baseLanguage(originalLanguage);
  const translated = !mine && translation !== null && translation !== original;
  if (translated) {
    const language = t(`translation.languages.${from}`, { defaultValue: from || '?' });
    return {
      text: showOriginal ? original : translation,
      lang: showOriginal ? from || undefined : reader,
      mark: (
        <span className="translation-mark" data-testid="translation-mark">
          {t('translation.from', { language })} ·{' '}
          <button
            type="button"
            className="link-btn"
            aria-pressed={showOriginal}
            onClick={() => setShowOriginal((v) => !v)}
          >
            {showOriginal ? t('translation.showTranslation') : t('translation.showOriginal')}
          </button>
        </span>
      ),
    };
  }
  const foreign = !mine && !!from && from !== reader;
  return {
    text: original,
    lang: from || undefined,
    mark: foreign ? (
      <span className="translation-mark" data-testid="translation-mark">
        {t('translation.notTranslated')}
      </span>
    ) : null,
  };
}

/**
 * A text one side wrote for the other that the server keeps with its translation (issue 32: a job's
 * description, a cancellation reason, a dispute note, a restaurant's description), shown in the reader's
 * language with the same honest marks as messages: the translation into the reader's language when there is
 * one ("Translated from English · Show original"), else the original ("Not translated" when it is in the
 * other language). `mine`: the reader wrote it, no mark.
 */
export function TranslatedText({
  text,
  translation,
  mine,
  testId,
}: {
  text: string;
  translation: TextTranslation | null | undefined;
  mine?: boolean;
  testId?: string;
}) {
  const { i18n } = useTranslation('common');
  const reader = baseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const shown = useTranslatedText({
    original: text,
    originalLanguage: translation?.language ?? null,
    translation:
      translation && translation.translated_language === reader ? translation.translated_text : null,
    mine,
  });
  return (
    <>
      {/* dir="auto": what someone wrote keeps its own direction and cannot reorder the page around it (issue 33) */}
      <span className="pre-wrap" lang={shown.lang} dir="auto" data-testid={testId}>
        {shown.text}
      </span>
      {shown.mark && <span className="hint translated-text-mark">{shown.mark}</span>}
    </>
  );
}

/** A dispute statement's words as `useTranslatedText` shows them, then its mark (the party's and the operator's view). */
export function StatementText({ shown }: { shown: ShownText }) {
  return (
    <>
      {/* dir="auto": a statement keeps any characters, and its own direction cannot reorder the page (issue 33) */}
      <p className="pre-wrap" lang={shown.lang} dir="auto" data-testid="statement-text">
        {shown.text}
      </p>
      {shown.mark && <p className="hint">{shown.mark}</p>}
    </>
  );
}
