import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../shared/components/Spinner';
import { page, pageWithoutAnswers } from './lazyPage';
import { withPageData, type PageDataHandle } from './pageData';
import type { AppStore } from './store';
import { RequireAuth } from '../features/auth';
import { DashboardRedirect, ForType, OnboardingRedirect, RootLayout, RouteError } from '../features/shell';

// Every screen is its own chunk (React.lazy through the router's `lazy`), so the landing page stays small.
// Each page also loads its texts (namespaces) before it shows, and the texts of the server's answers (errors).

const landing = pageWithoutAnswers(() => import('../features/landing/LandingPage'), ['landing', 'catalog']);
const about = pageWithoutAnswers(() => import('../features/landing/AboutPage'), ['landing']);
const login = page(() => import('../features/auth/LoginPage'), ['auth']);
const signup = page(() => import('../features/auth/SignupPage'), ['auth']);
const verifyPhone = page(() => import('../features/auth/VerifyPhonePage'), ['auth']);
const verifyEmail = page(() => import('../features/auth/VerifyEmailPage'), ['auth']);
// issue 40: an email's unsubscribe link
const unsubscribe = page(() => import('../features/inbox/UnsubscribePage'), ['inbox']);
const forgotPassword = page(() => import('../features/auth/ForgotPasswordPage'), ['auth']);
const legal = page(() => import('../features/legal/LegalPage'), ['legal']);
// Dashboards and Settings show the phone verification card (auth texts).
const restaurantDashboard = page(
  () => import('../features/dashboard/RestaurantDashboard'),
  ['dashboard', 'payments', 'catalog', 'auth', 'jobs', 'card-disputes'],
);
const chefDashboard = page(
  () => import('../features/dashboard/ChefDashboard'),
  ['dashboard', 'payments', 'catalog', 'auth', 'jobs'],
);
const restaurantOnboarding = page(
  () => import('../features/onboarding/RestaurantOnboarding'),
  ['onboarding', 'catalog'],
);
// The chef dashboard's first lists, asked beside its code (app/pageData.ts).
const chefDashboardData: PageDataHandle['pageData'] = async () =>
  (await import('../features/dashboard/ChefDashboard')).startChefDashboardData;
const chefOnboarding = page(() => import('../features/onboarding/ChefOnboarding'), ['onboarding', 'catalog']);
// issue 39: a profile shows its published reviews
const myProfile = page(
  () => import('../features/profile/MyProfilePage'),
  ['profile', 'catalog', 'reviews', 'credentials'],
);
const chefProfile = page(
  () => import('../features/profile/ChefProfilePage'),
  ['profile', 'catalog', 'reviews', 'credentials'],
);
const restaurantProfile = page(
  () => import('../features/profile/RestaurantProfilePage'),
  ['profile', 'catalog', 'reviews'],
);
const settings = page(() => import('../features/settings/SettingsPage'), ['settings', 'catalog', 'auth']);
const paymentSetup = page(() => import('../features/payments/PaymentSetupPage'), ['payments']);
// A chef's own tab, straight from here (issue 41): one fetch less between the app's start and the open shifts.
const openings = page(() => import('../features/jobs/OpeningsPage'), ['jobs', 'catalog']);
// The page's first lists, asked beside its code (app/pageData.ts).
const openingsData: PageDataHandle['pageData'] = async () =>
  (await import('../features/jobs/OpeningsPage')).startOpeningsData;
const notFound = page(() => import('../features/shell/NotFoundPage'));
const appLayout = page(() => import('../features/shell/AppLayout'));
const ratingPlaceholder = page(async () => ({
  default: (await import('../features/shell/PlaceholderPage')).RatingPlaceholder,
}));

// Web part 2: shifts, money and messages (one lazy module holds their loaders).
type Part2 = typeof import('./lazyRoutes');
const part2 = (name: keyof Part2) => async () => (await import('./lazyRoutes'))[name]();
const postShift = part2('postShift');
const jobDetail = part2('jobDetail');
const applicationsReview = part2('applicationsReview');
const myShifts = part2('myShifts');
const jobsBrowse = part2('jobsBrowse');
const checkout = part2('checkout');
const chefs = part2('chefs');
const payForJob = part2('payForJob');
const confirmPayment = part2('confirmPayment');
const paymentCheckout = part2('paymentCheckout');
const messages = part2('messages');
const opsDisputes = part2('opsDisputes');
const opsDispute = part2('opsDispute');
const opsTimeline = part2('opsTimeline');
const opsUsers = part2('opsUsers');
const opsUser = part2('opsUser');
const opsDeadLetters = part2('opsDeadLetters');
const opsAnomalies = part2('opsAnomalies');
const opsAudit = part2('opsAudit');
const opsOperators = part2('opsOperators');
const opsTwoStep = part2('opsTwoStep');
const opsCardDisputes = part2('opsCardDisputes'); // issue 38
const opsCardDispute = part2('opsCardDispute');
const opsCredentials = part2('opsCredentials'); // issue 39
const credentials = part2('credentials');
const inbox = part2('inbox'); // issue 40
const earnings = part2('earnings');
const receipts = part2('receipts');
const balances = part2('balances');
const cardDisputes = part2('cardDisputes');
const seriesPage = part2('seriesPage');
const taxYear = part2('taxYear');
const statements = part2('statements');
const myRecord = part2('myRecord'); // issue 39
const opsAppeals = part2('opsAppeals');

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, lazy: landing },
      { path: 'about', lazy: about },
      { path: 'login', lazy: login },
      { path: 'signup', lazy: signup },
      { path: 'verify-phone', lazy: verifyPhone },
      { path: 'verify-email', lazy: verifyEmail },
      { path: 'unsubscribe', lazy: unsubscribe },
      { path: 'forgot-password', lazy: forgotPassword },
      { path: 'legal/:doc', lazy: legal },
      {
        // the operator console: operators only (members are sent to their dashboard)
        path: 'ops',
        element: <RequireAuth operators />,
        children: [
          {
            lazy: appLayout,
            children: [
              { index: true, lazy: opsDisputes },
              { path: 'disputes', lazy: opsDisputes },
              { path: 'disputes/:jobId', lazy: opsDispute },
              { path: 'jobs/:jobId', lazy: opsTimeline },
              { path: 'users', lazy: opsUsers },
              { path: 'users/:userId', lazy: opsUser },
              { path: 'dead-letters', lazy: opsDeadLetters },
              { path: 'anomalies', lazy: opsAnomalies },
              { path: 'audit', lazy: opsAudit },
              { path: 'operators', lazy: opsOperators },
              { path: 'two-step', lazy: opsTwoStep },
              // issue 38: card disputes (chargebacks)
              { path: 'card-disputes', lazy: opsCardDisputes },
              { path: 'card-disputes/:id', lazy: opsCardDispute },
              // issue 39: appeals of a mark on a record
              { path: 'appeals', lazy: opsAppeals },
              // issue 39: credentials to check
              { path: 'credentials', lazy: opsCredentials },
              { path: '*', element: <Navigate to="/ops" replace /> },
            ],
          },
        ],
      },
      {
        // signed in (chefs and restaurants: operators are sent to the console)
        element: <RequireAuth />,
        children: [
          {
            lazy: appLayout,
            children: [
              {
                path: 'dashboard',
                children: [
                  { index: true, element: <DashboardRedirect /> },
                  { path: 'restaurant', lazy: restaurantDashboard },
                  { path: 'chef', lazy: chefDashboard, handle: { pageData: chefDashboardData } },
                  { path: 'worker', lazy: chefDashboard, handle: { pageData: chefDashboardData } },
                  { path: '*', element: <DashboardRedirect /> },
                ],
              },
              {
                path: 'onboarding',
                children: [
                  { index: true, element: <OnboardingRedirect /> },
                  // the step is in the URL (/onboarding/chef is step 1, /onboarding/chef/2...)
                  { path: 'restaurant/:step?', lazy: restaurantOnboarding },
                  { path: 'chef/:step?', lazy: chefOnboarding },
                  { path: 'worker/:step?', lazy: chefOnboarding },
                  { path: '*', element: <OnboardingRedirect /> },
                ],
              },
              {
                path: 'jobs',
                children: [
                  { index: true, element: <Navigate to="/openings" replace /> },
                  { path: 'post', lazy: postShift },
                  { path: 'browse', lazy: jobsBrowse },
                  { path: ':id/applications', lazy: applicationsReview },
                  { path: ':id', lazy: jobDetail },
                ],
              },
              {
                path: 'profile',
                children: [
                  { index: true, element: <Navigate to="/profile/me" replace /> },
                  { path: 'me', lazy: myProfile },
                  { path: 'chef/:id', lazy: chefProfile },
                  { path: 'restaurant/:id', lazy: restaurantProfile },
                ],
              },
              {
                path: 'payments',
                children: [
                  { path: 'confirm', lazy: confirmPayment },
                  { path: 'checkout/:applicationId', lazy: paymentCheckout },
                  { path: ':provider/onboarding', lazy: paymentSetup },
                  { path: ':provider/onboarding-complete', lazy: paymentSetup },
                  { path: ':provider/onboarding-refresh', lazy: paymentSetup },
                  { path: ':jobId', lazy: payForJob },
                ],
              },
              { path: 'checkout/:applicationId', lazy: checkout },
              // issue 39: a chef's credentials (before a profile too: a card may be added first)
              { path: 'credentials', lazy: credentials },
              { path: 'rating/*', lazy: ratingPlaceholder },
              { path: 'workers/:id', lazy: chefProfile },
              {
                // signed in with a completed profile
                element: <RequireAuth requireProfile />,
                children: [
                  { path: 'openings/*', lazy: openings, handle: { pageData: openingsData } },
                  { path: 'chefs/*', lazy: chefs },
                  { path: 'my-shifts/*', lazy: myShifts },
                  // issue 35: a weekly series and its occurrences
                  { path: 'series/:id', lazy: seriesPage },
                  { path: 'messages/*', lazy: messages },
                  // issue 40: every notification sent to the person
                  { path: 'inbox', lazy: inbox },
                  { path: 'settings/*', lazy: settings },
                  { path: 'earnings', lazy: earnings },
                  { path: 'receipts', lazy: receipts },
                  // issue 38: statements
                  { path: 'earnings/tax-year', lazy: taxYear },
                  { path: 'statements', lazy: statements },
                  { path: 'balances', lazy: balances },
                  { path: 'card-disputes', lazy: cardDisputes },
                  // issue 39: the side's marks and their appeals
                  { path: 'record', lazy: myRecord },
                  { path: 'workers', element: <ForTypeWorkers /> },
                  { path: 'my-applications', element: <Navigate to="/my-shifts" replace /> },
                  { path: 'my-jobs', element: <Navigate to="/my-shifts" replace /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: notFound },
    ],
  },
];

/** /workers (restaurant nav): the restaurant's way to find chefs. */
function ForTypeWorkers() {
  return (
    <ForType type="restaurant" fallback="dashboard">
      <Navigate to="/chefs" replace />
    </ForType>
  );
}

/** The route table as the app runs it: the pages' first queries go to `store` (app/pageData.ts). */
export const appRoutes = (store: AppStore): RouteObject[] => withPageData(routes, store);

export function createAppRouter(store: AppStore) {
  return createBrowserRouter(appRoutes(store));
}
