// The shell feature's face: what other features use of it (they import nothing else of it).
export { NavBar } from './NavBar';
export { DashboardRedirect, ForType, OnboardingRedirect, pageFor } from './Redirects';
export { RootLayout } from './RootLayout';
export { RouteError } from './RouteError';
