import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../shared/hooks';
import { APP_LANGUAGES, currentLanguage } from '../../shared/i18n';
import { chooseLanguage } from './authThunks';

/** EN/ES toggle: switches the interface and saves the choice to the signed-in user. */
export function LanguageToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const active = currentLanguage();
  return (
    <div className="lang-toggle" role="group" aria-label={t('language.label')}>
      {APP_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className={lng === active ? 'lang-btn lang-on' : 'lang-btn'}
          aria-pressed={lng === active}
          title={t(`language.${lng}`)}
          onClick={() => void dispatch(chooseLanguage(lng))}
        >
          {lng.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
