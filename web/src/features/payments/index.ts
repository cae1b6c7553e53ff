// The payments feature's face: what other features use of it (they import nothing else of it).
export { BalanceNotice } from './BalanceNotice';
export { CardChoice } from './CardChoice';
// issue 38: the card field of the card disputes' settling
export { CardField } from './CardField';
export type { CardConfirmer } from './card';
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
// issue 38: paying something owed in the app (a balance, a lost card dispute)
export { useOnSessionPayment } from './useOnSessionPayment';
