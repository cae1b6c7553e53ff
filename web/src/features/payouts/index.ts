export { CashOutCard } from './CashOutCard';
export { payoutsApi, payoutFigures, centsOf } from './payoutsApi';
export type { InstantPayout, InstantPayoutQuote } from './payoutsApi';
