// What a shift's money did, in the words every screen, receipt and text uses (contracts/src/money-texts.ts):
// read from the server's own facts (Job.money, an earnings or receipt row's `money`: the decision and the
// ledger), never guessed from statuses here.
import { useTranslation } from 'react-i18next';
import { moneyLabel, moneyText, type MoneyFacts, type MoneySide } from '../contracts';
import { formatCents } from '../format';

/** The screen's language as the money texts know it. */
export function useMoneyLanguage(): 'en' | 'es' {
  const { i18n } = useTranslation();
  return i18n.language === 'es' ? 'es' : 'en';
}

/** The sentence and short name of a shift's money for one side, in the screen's language. */
export function useMoneyWords() {
  const language = useMoneyLanguage();
  return {
    language,
    text: (side: MoneySide, money: MoneyFacts) => moneyText(language, side, money, formatCents),
    label: (money: Pick<MoneyFacts, 'outcome'>) => moneyLabel(language, money.outcome),
  } as const;
}

/**
 * The outcome sentence of a shift's money for a side: held in escrow, under review, paid in full, refunded,
 * late-cancellation pay, split by a decision, expired. Nothing when the server gives no money facts (no money
 * was ever held, or the reader is not one of the shift's two sides).
 */
export function MoneyOutcome({
  money,
  side,
  as: Tag = 'span',
}: {
  money: MoneyFacts | null | undefined;
  side: MoneySide;
  as?: 'span' | 'p';
}) {
  const words = useMoneyWords();
  if (!money) return null;
  return (
    <Tag
      className={Tag === 'p' ? 'hint money-outcome' : 'money-outcome'}
      data-testid="money-outcome"
      data-outcome={money.outcome}
    >
      {words.text(side, money)}
    </Tag>
  );
}

/** Whether the money is decided (no longer held or under review). */
export const moneyDecided = (money: MoneyFacts | null | undefined) =>
  !!money && money.outcome !== 'held' && money.outcome !== 'under_review';
