import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from './constants';
import { LANGUAGE_COOKIE } from './contracts';
import { loaders, namespaces, type Namespace } from '../locales';

export type AppLanguage = 'en' | 'es';
export const APP_LANGUAGES: AppLanguage[] = ['en', 'es'];

const isAppLanguage = (v: unknown): v is AppLanguage => v === 'en' || v === 'es';

/** The visitor's earlier choice on this device, else the browser's language when supported, else English. */
export function detectLanguage(): AppLanguage {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.language);
    if (isAppLanguage(stored)) return stored;
  } catch {
    // storage blocked
  }
  const candidates =
    typeof navigator !== 'undefined' ? [...(navigator.languages ?? []), navigator.language] : [];
  for (const tag of candidates) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isAppLanguage(base)) return base;
  }
  return 'en';
}

export function rememberLanguage(language: AppLanguage): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // storage blocked
  }
}

export function applyLanguage(language: string | undefined | null): void {
  if (!isAppLanguage(language)) return;
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

export function currentLanguage(): AppLanguage {
  return isAppLanguage(i18n.language) ? i18n.language : 'en';
}

i18n.on('languageChanged', (lng) => {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  // the gateway answers `/` with the landing page written in this language (web/prerender.ts)
  if (isAppLanguage(lng))
    document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
});

/** Loads a namespace file (its own chunk) the first time a page needs it in a language. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[language as AppLanguage]?.[namespace as Namespace];
    if (!load) return callback(null, {});
    load().then(
      (m) => callback(null, m.default),
      (err: Error) => callback(err, null),
    );
  },
};

/** Resolves once the common texts of the starting language are loaded; the app renders after it. */
export const i18nReady = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    ns: ['common'],
    defaultNS: 'common',
    lng: detectLanguage(),
    fallbackLng: 'en',
    supportedLngs: APP_LANGUAGES,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

/** Routes call this before showing a page so its texts are there on first paint. */
export function loadNamespaces(ns: Namespace[]): Promise<void> {
  return i18n.loadNamespaces(ns);
}

export const allNamespaces = namespaces;

export default i18n;
