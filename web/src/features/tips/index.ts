// Issue 38: tips. The restaurant's "Add a tip" on a worked seat, and a tip on earnings and receipts rows.
export { TipAmount, TipCard } from './TipCard';
export { tipsApi, type Tip, type TipState } from './tipsApi';
