import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EarningRow, ReceiptRow } from '../payments';
import { useMoneyWords } from '../../shared/money/outcome';

/** The shifts of a money report: its title with the count, then its lines or the sentence for none. */
export function MoneyRowsSection({
  id,
  title,
  count,
  empty,
  children,
}: {
  id: string;
  title: string;
  count: string;
  /** Shown instead of the list when there is no line. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="muted">{count}</span>
      </h2>
      {empty !== null ? <p className="empty">{empty}</p> : <ul className="money-rows">{children}</ul>}
    </section>
  );
}

/** A line's head: the shift's position and what its money did (its outcome, from the decision and the ledger). */
export function MoneyRowHead({ row }: { row: Pick<EarningRow | ReceiptRow, 'position' | 'money'> }) {
  const { t: tc } = useTranslation('catalog');
  const words = useMoneyWords();
  return (
    <div className="money-row-head">
      <h3>{tc(`positions.${row.position}`, { defaultValue: row.position })}</h3>
      <span className={`tag money-tag-${row.money.outcome}`} data-testid="money-label">
        {words.label(row.money)}
      </span>
    </div>
  );
}
