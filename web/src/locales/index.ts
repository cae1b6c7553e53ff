// Every visible text lives here, one JSON file per feature and language; locales.test.ts keeps en and es in step.
// The catalog of fixed lists is the contracts' (contracts/src/catalog/, its own parity test there).
// Each file is its own chunk: a page loads only the namespaces it uses, in the active language.

export const namespaces = [
  'common',
  'errors',
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
  'earnings',
  // issue 38: tips
  'tips',
  // issue 38: instant payout
  'payouts',
  // issue 38: a chef's tax year and a restaurant's weekly statement
  'statements',
  // issue 38: card disputes (chargebacks)
  'card-disputes',
  // issue 39: a side's record of marks and their appeals
  'appeals',
  // issue 39: reviews both sides can read
  'reviews',
  // issue 39: a chef's credentials
  'credentials',
  // issue 40: the inbox of notifications
  'inbox',
] as const;
export type Namespace = (typeof namespaces)[number];
type Loader = () => Promise<{ default: Record<string, unknown> }>;

export const loaders: Record<'en' | 'es', Record<Namespace, Loader>> = {
  en: {
    common: () => import('./en/common.json', { with: { type: 'json' } }),
    errors: () => import('./en/errors.json', { with: { type: 'json' } }),
    // The catalog (positions, cuisines, skills, weekdays...) lives in the contracts: notifications' texts read it too.
    catalog: () => import('@brigade/contracts/catalog/en.json', { with: { type: 'json' } }),
    legal: () => import('./en/legal.json', { with: { type: 'json' } }),
    landing: () => import('./en/landing.json', { with: { type: 'json' } }),
    auth: () => import('./en/auth.json', { with: { type: 'json' } }),
    onboarding: () => import('./en/onboarding.json', { with: { type: 'json' } }),
    dashboard: () => import('./en/dashboard.json', { with: { type: 'json' } }),
    profile: () => import('./en/profile.json', { with: { type: 'json' } }),
    settings: () => import('./en/settings.json', { with: { type: 'json' } }),
    payments: () => import('./en/payments.json', { with: { type: 'json' } }),
    jobs: () => import('./en/jobs.json', { with: { type: 'json' } }),
    messages: () => import('./en/messages.json', { with: { type: 'json' } }),
    ops: () => import('./en/ops.json', { with: { type: 'json' } }),
    earnings: () => import('./en/earnings.json', { with: { type: 'json' } }),
    tips: () => import('./en/tips.json', { with: { type: 'json' } }),
    payouts: () => import('./en/payouts.json', { with: { type: 'json' } }),
    statements: () => import('./en/statements.json', { with: { type: 'json' } }),
    'card-disputes': () => import('./en/card-disputes.json', { with: { type: 'json' } }),
    appeals: () => import('./en/appeals.json', { with: { type: 'json' } }),
    reviews: () => import('./en/reviews.json', { with: { type: 'json' } }),
    credentials: () => import('./en/credentials.json', { with: { type: 'json' } }),
    inbox: () => import('./en/inbox.json', { with: { type: 'json' } }),
  },
  es: {
    common: () => import('./es/common.json', { with: { type: 'json' } }),
    errors: () => import('./es/errors.json', { with: { type: 'json' } }),
    catalog: () => import('@brigade/contracts/catalog/es.json', { with: { type: 'json' } }),
    legal: () => import('./es/legal.json', { with: { type: 'json' } }),
    landing: () => import('./es/landing.json', { with: { type: 'json' } }),
    auth: () => import('./es/auth.json', { with: { type: 'json' } }),
    onboarding: () => import('./es/onboarding.json', { with: { type: 'json' } }),
    dashboard: () => import('./es/dashboard.json', { with: { type: 'json' } }),
    profile: () => import('./es/profile.json', { with: { type: 'json' } }),
    settings: () => import('./es/settings.json', { with: { type: 'json' } }),
    payments: () => import('./es/payments.json', { with: { type: 'json' } }),
    jobs: () => import('./es/jobs.json', { with: { type: 'json' } }),
    messages: () => import('./es/messages.json', { with: { type: 'json' } }),
    ops: () => import('./es/ops.json', { with: { type: 'json' } }),
    earnings: () => import('./es/earnings.json', { with: { type: 'json' } }),
    tips: () => import('./es/tips.json', { with: { type: 'json' } }),
    payouts: () => import('./es/payouts.json', { with: { type: 'json' } }),
    statements: () => import('./es/statements.json', { with: { type: 'json' } }),
    'card-disputes': () => import('./es/card-disputes.json', { with: { type: 'json' } }),
    appeals: () => import('./es/appeals.json', { with: { type: 'json' } }),
    reviews: () => import('./es/reviews.json', { with: { type: 'json' } }),
    credentials: () => import('./es/credentials.json', { with: { type: 'json' } }),
    inbox: () => import('./es/inbox.json', { with: { type: 'json' } }),
  },
};
