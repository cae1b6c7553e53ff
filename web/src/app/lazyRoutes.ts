// The screens of web part 2 (shifts, money, messages). The router reaches them through this one module, so
// the landing chunk carries one import instead of every screen's dependency list.
import { page, type Module } from './lazyPage';

export const postShift = page(
  () => import('../features/jobs/PostShiftPage'),
  ['jobs', 'payments', 'catalog', 'card-disputes', 'credentials'],
);
// Shift screens also read the payments texts (money outcomes, late settlements) and the profile texts
// (reliability on applicant cards).
export const jobDetail = page(
  () => import('../features/jobs/JobDetailPage'),
  ['jobs', 'payments', 'catalog', 'profile', 'tips', 'card-disputes', 'credentials'],
);
export const applicationsReview = page(
  () => import('../features/jobs/ApplicationsReviewPage'),
  ['jobs', 'profile', 'catalog', 'reviews', 'credentials'],
);
export const jobsBrowse = page(() => import('../features/jobs/BrowsePage'), ['jobs', 'payments', 'catalog']);
export const myShifts = page(
  () => import('../features/jobs/MyShiftsPage'),
  ['jobs', 'payments', 'catalog', 'profile'],
);
// Issue 35: a weekly series with its occurrences.
export const seriesPage = page(() => import('../features/edits/SeriesPage'), ['jobs', 'catalog']);
export const checkout = page(
  () => import('../features/jobs/CheckoutPage'),
  ['jobs', 'payments', 'catalog', 'tips', 'reviews'],
);
export const chefs = page(() => import('../features/chefs/ChefsPage'), ['jobs', 'catalog', 'credentials']);
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
const ops = (load: () => Promise<Module>) =>
  page(load, ['ops', 'profile', 'jobs', 'catalog', 'reviews', 'credentials']);
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
// issue 38: the card disputes (chargebacks) queue and one dispute with its evidence
export const opsCardDisputes = ops(() => import('../features/ops/CardDisputesPage'));
export const opsCardDispute = ops(() => import('../features/ops/CardDisputePage'));
// issue 39: the credentials queue
export const opsCredentials = ops(() => import('../features/ops/CredentialsQueuePage'));
// Issue 39: a chef's credentials (a food handler card and the like), checked by an operator.
// Issue 40: the inbox of every notification sent to the person.
export const inbox = page(() => import('../features/inbox/InboxPage'), ['inbox']);
export const credentials = page(() => import('../features/credentials/CredentialsPage'), ['credentials']);
// Issue 20: a chef's earnings and a restaurant's receipts (the shift positions come from the catalog).
export const earnings = page(
  () => import('../features/money/EarningsPage'),
  ['earnings', 'catalog', 'tips', 'payouts'],
);
export const receipts = page(
  () => import('../features/money/ReceiptsPage'),
  ['earnings', 'payments', 'catalog', 'tips'],
);
// Issue 34: extra hours the restaurant's card did not pay, paid in the app.
export const balances = page(() => import('../features/payments/BalancesPage'), ['payments', 'catalog']);
// Issue 38: a chef's tax year and a restaurant's weekly statement.
export const taxYear = page(() => import('../features/statements/TaxYearPage'), ['statements']);
export const statements = page(
  () => import('../features/statements/WeeklyStatementPage'),
  ['statements', 'catalog'],
);
// Issue 38: lost card disputes the restaurant pays back before it posts again.
export const cardDisputes = page(
  () => import('../features/card-disputes/CardDisputesPage'),
  ['card-disputes', 'payments', 'catalog'],
);
// Issue 39: a chef's or a restaurant's record of marks, and their appeals.
export const myRecord = page(() => import('../features/appeals/MyRecordPage'), ['appeals', 'catalog']);
// Issue 39: the console's appeals queue.
export const opsAppeals = ops(() => import('../features/ops/AppealsPage'));
