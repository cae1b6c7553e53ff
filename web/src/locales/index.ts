// Every visible text lives here, one JSON file per feature and language; locales.test.ts keeps en and es in step.
// Each file is its own chunk: a page loads only the namespaces it uses, in the active language.

export const namespaces = [
  'common',
  'catalog',
  'legal',
  'landing',
  'auth',
  'onboarding',
  'dashboard',
  'profile',
  'settings',
  'payments',
  'jobs',
  'messages',
  'ops',
] as const;
export type Namespace = (typeof namespaces)[number];
type Loader = () => Promise<{ default: Record<string, unknown> }>;

export const loaders: Record<'en' | 'es', Record<Namespace, Loader>> = {
  en: {
    common: () => import('./en/common.json'),
    catalog: () => import('./en/catalog.json'),
    legal: () => import('./en/legal.json'),
    landing: () => import('./en/landing.json'),
    auth: () => import('./en/auth.json'),
    onboarding: () => import('./en/onboarding.json'),
    dashboard: () => import('./en/dashboard.json'),
    profile: () => import('./en/profile.json'),
    settings: () => import('./en/settings.json'),
    payments: () => import('./en/payments.json'),
    jobs: () => import('./en/jobs.json'),
    messages: () => import('./en/messages.json'),
    ops: () => import('./en/ops.json'),
  },
  es: {
    common: () => import('./es/common.json'),
    catalog: () => import('./es/catalog.json'),
    legal: () => import('./es/legal.json'),
    landing: () => import('./es/landing.json'),
    auth: () => import('./es/auth.json'),
    onboarding: () => import('./es/onboarding.json'),
    dashboard: () => import('./es/dashboard.json'),
    profile: () => import('./es/profile.json'),
    settings: () => import('./es/settings.json'),
    payments: () => import('./es/payments.json'),
    jobs: () => import('./es/jobs.json'),
    messages: () => import('./es/messages.json'),
    ops: () => import('./es/ops.json'),
  },
};
