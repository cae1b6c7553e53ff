// The payments feature's face: what other features use of it (they import nothing else of it).
export { BalanceNotice } from './BalanceNotice';
export { CardChoice } from './CardChoice';
export { CardKeptNote } from './CardKeptNote';
export { PaymentStatusCard } from './PaymentStatusCard';
export { SettlementNotice, awaitingSettlement } from './SettlementNotice';
export {
  type AccountStatus,
  type Balance,
  type EarningRow,
  type ReceiptRow,
  type ShiftTimesheet,
  paymentsApi,
} from './paymentsApi';
export { cardBrandName } from './savedCard';
export { useCardChoice } from './useCardChoice';
export { useCardErrorText, usePayForJob } from './usePayForJob';
