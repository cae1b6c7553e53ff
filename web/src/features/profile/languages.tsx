import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SPOKEN_LANGUAGES, SPOKEN_LANGUAGE_CODES } from '../../shared/contracts';
import { currentLanguage } from '../../shared/i18n';

// The languages a chef speaks (issue 32): ISO 639-1 codes from the API, named in the reader's language by the
// browser (Intl.DisplayNames), shown on cards and profiles, and chosen in onboarding and Settings.

/** The languages most cooks in Minneapolis and Detroit kitchens speak, offered first as buttons. */
export const COMMON_LANGUAGES = ['en', 'es', 'so', 'ar', 'vi', 'zh', 'fr', 'am', 'om', 'bn', 'ko', 'pt'];

/** "Spanish" / "Español": a language's name in `locale` (capitalised as a label), or its code if unnamed. */
export function languageName(code: string, locale: string = currentLanguage()): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' }).of(code);
  } catch {
    name = undefined;
  }
  if (!name) return code;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** "Speaks: Spanish, English" as a list of tags; nothing without languages. */
export function SpokenLanguages({ codes }: { codes: readonly string[] | null | undefined }) {
  const { t, i18n } = useTranslation('catalog');
  if (!codes || codes.length === 0) return null;
  const locale = i18n.resolvedLanguage ?? currentLanguage();
  return (
    <p className="hint spoken-languages">
      <span className="spoken-label">{t('languages.spoken')}:</span>{' '}
      <span className="tags-inline" lang={locale}>
        {codes.map((code) => languageName(code, locale)).join(', ')}
      </span>
    </p>
  );
}

/**
 * Choose the languages one speaks: the common ones as toggle buttons, any other ISO 639-1 language from a list
 * (named in the reader's language); at least one and at most MAX_SPOKEN_LANGUAGES. The last one cannot be
 * taken off (one speaks at least one).
 */
export function LanguagesField({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const { t, i18n } = useTranslation('catalog');
  const locale = i18n.resolvedLanguage ?? currentLanguage();
  const hintId = useId();
  const otherId = useId();
  const full = value.length >= MAX_SPOKEN_LANGUAGES;
  const options = [...COMMON_LANGUAGES, ...value.filter((c) => !COMMON_LANGUAGES.includes(c))];
  const others = SPOKEN_LANGUAGE_CODES.filter((c) => !options.includes(c))
    .map((code) => ({ code, name: languageName(code, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  const toggle = (code: string) => {
    if (value.includes(code)) {
      if (value.length > 1) onChange(value.filter((c) => c !== code));
    } else if (!full) onChange([...value, code]);
  };
  return (
    <fieldset className="toggle-group languages-field" aria-describedby={hintId}>
      <legend>{t('languages.legend')}</legend>
      <p id={hintId} className="hint">
        {full
          ? t('languages.full', { max: MAX_SPOKEN_LANGUAGES })
          : t('languages.hint', { max: MAX_SPOKEN_LANGUAGES })}
      </p>
      <div className="chips">
        {options.map((code) => {
          const on = value.includes(code);
          return (
            <button
              type="button"
              key={code}
              lang={locale}
              className={on ? 'chip chip-on' : 'chip'}
              aria-pressed={on}
              disabled={!on && full}
              onClick={() => toggle(code)}
            >
              {languageName(code, locale)}
            </button>
          );
        })}
      </div>
      <div className="field">
        <label htmlFor={otherId}>{t('languages.other')}</label>
        <select
          id={otherId}
          value=""
          disabled={full}
          onChange={(e) => {
            if (e.target.value) toggle(e.target.value);
          }}
        >
          <option value="">{t('languages.choose')}</option>
          {others.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
