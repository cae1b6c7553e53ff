import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { loadNamespaces } from './i18n';
import type { Namespace } from '../locales';
import { RequireAuth } from '../features/auth/RequireAuth';
import { DashboardRedirect, ForType, OnboardingRedirect } from '../features/shell/Redirects';
import { RootLayout } from '../features/shell/RootLayout';
import { RouteError } from '../features/shell/RouteError';

// Every screen is its own chunk (React.lazy through the router's `lazy`), so the landing page stays small.
// Each page also loads its texts (namespaces) before it shows.
type Module = { default: React.ComponentType };
const page =
  (load: () => Promise<Module>, ns: Namespace[] = []) =>
  async () => {
    const [mod] = await Promise.all([load(), loadNamespaces(['common', ...ns])]);
    return { Component: mod.default };
  };

const landing = page(() => import('../features/landing/LandingPage'), ['landing']);
const about = page(() => import('../features/landing/AboutPage'), ['landing']);
const login = page(() => import('../features/auth/LoginPage'), ['auth']);
const signup = page(() => import('../features/auth/SignupPage'), ['auth']);
const verifyPhone = page(() => import('../features/auth/VerifyPhonePage'), ['auth']);
const legal = page(() => import('../features/legal/LegalPage'), ['legal']);
const restaurantDashboard = page(() => import('../features/dashboard/RestaurantDashboard'), ['dashboard', 'payments', 'catalog']);
const chefDashboard = page(() => import('../features/dashboard/ChefDashboard'), ['dashboard', 'payments', 'catalog']);
const restaurantOnboarding = page(() => import('../features/onboarding/RestaurantOnboarding'), ['onboarding', 'catalog']);
const chefOnboarding = page(() => import('../features/onboarding/ChefOnboarding'), ['onboarding', 'catalog']);
const myProfile = page(() => import('../features/profile/MyProfilePage'), ['profile', 'catalog']);
const chefProfile = page(() => import('../features/profile/ChefProfilePage'), ['profile', 'catalog']);
const restaurantProfile = page(() => import('../features/profile/RestaurantProfilePage'), ['profile', 'catalog']);
const settings = page(() => import('../features/settings/SettingsPage'), ['settings', 'catalog']);
const paymentSetup = page(() => import('../features/payments/PaymentSetupPage'), ['payments']);
const notFound = page(() => import('../features/shell/NotFoundPage'));
const appLayout = page(() => import('../features/shell/AppLayout'));
const comingSoon = page(() => import('../features/shell/PlaceholderPage'));
const ratingPlaceholder = page(async () => ({ default: (await import('../features/shell/PlaceholderPage')).RatingPlaceholder }));

/** Screens of web part 2 (jobs, payments for jobs, messages): routed now, built next. */
const later: RouteObject = { lazy: comingSoon };

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner />,
    children: [
      { index: true, lazy: landing },
      { path: 'about', lazy: about },
      { path: 'login', lazy: login },
      { path: 'signup', lazy: signup },
      { path: 'verify-phone', lazy: verifyPhone },
      { path: 'legal/:doc', lazy: legal },
      {
        // signed in
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
                  { path: 'chef', lazy: chefDashboard },
                  { path: 'worker', lazy: chefDashboard },
                  { path: '*', element: <DashboardRedirect /> },
                ],
              },
              {
                path: 'onboarding',
                children: [
                  { index: true, element: <OnboardingRedirect /> },
                  { path: 'restaurant', lazy: restaurantOnboarding },
                  { path: 'chef', lazy: chefOnboarding },
                  { path: 'worker', lazy: chefOnboarding },
                  { path: '*', element: <OnboardingRedirect /> },
                ],
              },
              {
                path: 'jobs',
                children: [
                  { index: true, element: <Navigate to="/openings" replace /> },
                  { path: 'post', ...later },
                  { path: 'browse', ...later },
                  { path: ':id/applications', ...later },
                  { path: ':id', ...later },
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
                  { path: 'confirm', ...later },
                  { path: 'checkout/:applicationId', ...later },
                  { path: ':provider/onboarding', lazy: paymentSetup },
                  { path: ':provider/onboarding-complete', lazy: paymentSetup },
                  { path: ':provider/onboarding-refresh', lazy: paymentSetup },
                  { path: ':jobId', ...later },
                ],
              },
              { path: 'checkout/:applicationId', ...later },
              { path: 'rating/*', lazy: ratingPlaceholder },
              { path: 'workers/:id', lazy: chefProfile },
              {
                // signed in with a completed profile
                element: <RequireAuth requireProfile />,
                children: [
                  { path: 'openings/*', ...later },
                  { path: 'chefs/*', ...later },
                  { path: 'my-shifts/*', ...later },
                  { path: 'messages/*', ...later },
                  { path: 'settings/*', lazy: settings },
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
