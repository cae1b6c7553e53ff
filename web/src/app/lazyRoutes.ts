// The screens of web part 2 (shifts, money, messages). The router reaches them through this one module, so
// the landing chunk carries one import instead of every screen's dependency list.
import { page, type Module } from './lazyPage';

export const postShift = page(
  () => import('../features/jobs/PostShiftPage'),
  ['jobs', 'payments', 'catalog'],
);
export const openings = page(() => import('../features/jobs/OpeningsPage'), ['jobs', 'catalog']);
// Shift screens also read the payments texts (money outcomes, late settlements) and the profile texts
// (reliability on applicant cards).
export const jobDetail = page(
  () => import('../features/jobs/JobDetailPage'),
  ['jobs', 'payments', 'catalog', 'profile'],
);
export const applicationsReview = page(
  () => import('../features/jobs/ApplicationsReviewPage'),
  ['jobs', 'profile', 'catalog'],
);
export const jobsBrowse = page(() => import('../features/jobs/BrowsePage'), ['jobs', 'payments', 'catalog']);
export const myShifts = page(
  () => import('../features/jobs/MyShiftsPage'),
  ['jobs', 'payments', 'catalog', 'profile'],
);
// Issue 35: a weekly series with its occurrences.
export const seriesPage = page(() => import('../features/edits/SeriesPage'), ['jobs', 'catalog']);
export const checkout = page(() => import('../features/jobs/CheckoutPage'), ['jobs', 'payments', 'catalog']);
export const chefs = page(() => import('../features/chefs/ChefsPage'), ['jobs', 'catalog']);
export const payForJob = page(
  () => import('../features/payments/PayForJobPage'),
  ['payments', 'jobs', 'catalog'],
);
export const confirmPayment = page(
  () => import('../features/payments/ConfirmPaymentPage'),
  ['payments', 'jobs', 'catalog'],
);
export const paymentCheckout = page(
  () => import('../features/payments/PaymentCheckoutRedirect'),
  ['payments'],
);
export const messages = page(() => import('../features/messages/MessagesPage'), ['messages', 'catalog']);

// The operator console (issue 17).
const ops = (load: () => Promise<Module>) => page(load, ['ops', 'profile', 'jobs', 'catalog']);
export const opsDisputes = ops(() => import('../features/ops/DisputesPage'));
export const opsDispute = ops(() => import('../features/ops/DisputePage'));
export const opsTimeline = ops(() => import('../features/ops/TimelinePage'));
export const opsUsers = ops(() => import('../features/ops/UsersPage'));
export const opsUser = ops(() => import('../features/ops/UserPage'));
export const opsDeadLetters = ops(() => import('../features/ops/DeadLettersPage'));
export const opsAnomalies = ops(() => import('../features/ops/AnomaliesPage'));
export const opsAudit = ops(() => import('../features/ops/AuditPage'));
export const opsOperators = ops(() => import('../features/ops/OperatorsPage'));
export const opsTwoStep = ops(() => import('../features/ops/TwoStepPage'));
// Issue 20: a chef's earnings and a restaurant's receipts (the shift positions come from the catalog).
export const earnings = page(() => import('../features/money/EarningsPage'), ['earnings', 'catalog']);
export const receipts = page(
  () => import('../features/money/ReceiptsPage'),
  ['earnings', 'payments', 'catalog'],
);
// Issue 34: extra hours the restaurant's card did not pay, paid in the app.
export const balances = page(() => import('../features/payments/BalancesPage'), ['payments', 'catalog']);
