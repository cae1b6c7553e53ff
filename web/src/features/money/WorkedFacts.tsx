import { useTranslation } from 'react-i18next';
import { formatCents, formatNumber } from '../../app/format';
import { Fact } from './parts';

/**
 * Issue 34: what a shift's timesheet did to its money, on a line of Earnings or Receipts, from the fields the
 * payments answer carries once it keeps them (each is shown only when present): the worked hours, whether the
 * restaurant adjusted the timesheet, an extra charge for a stay past the end, a partial refund for a short one.
 */
export interface WorkedRow {
  worked_minutes?: number | null;
  adjusted?: boolean | null;
  extra_charge_cents?: number | null;
  partial_refund_cents?: number | null;
}

export function WorkedFacts({ row: line, side }: { row: object; side: 'chef' | 'restaurant' }) {
  const { t } = useTranslation('earnings');
  const row = line as WorkedRow;
  const worked = typeof row.worked_minutes === 'number' ? row.worked_minutes : null;
  const extra = side === 'restaurant' && row.extra_charge_cents ? row.extra_charge_cents : null;
  const refund = side === 'restaurant' && row.partial_refund_cents ? row.partial_refund_cents : null;
  if (worked === null && !row.adjusted && extra === null && refund === null) return null;
  return (
    <dl className="money-facts" data-testid="worked-facts">
      {worked !== null && (
        <Fact label={t('worked.hours')}>{formatNumber(Math.round((worked / 60) * 100) / 100)}</Fact>
      )}
      {row.adjusted && <Fact label={t('worked.adjusted')}>{t('worked.adjustedYes')}</Fact>}
      {extra !== null && <Fact label={t('worked.extraCharge')}>{formatCents(extra)}</Fact>}
      {refund !== null && <Fact label={t('worked.partialRefund')}>{formatCents(refund)}</Fact>}
    </dl>
  );
}
