import { useTranslation } from 'react-i18next';
import type { paymentsHttp } from '@brigade/contracts';
import { formatCents, formatNumber } from '../../app/format';
import { Fact } from './parts';

/**
 * Issue 34: what a shift's timesheet did to its money, on a line of Earnings or Receipts, from the `timesheet`
 * block of the payments answer (null for a shift paid as scheduled): the hours worked, and for the restaurant
 * an extra charge for a stay past the end or a partial refund for a short one.
 */
export function WorkedFacts({
  row,
  side,
}: {
  row: { timesheet?: paymentsHttp.ShiftTimesheet | null };
  side: 'chef' | 'restaurant';
}) {
  const { t } = useTranslation('earnings');
  const sheet = row.timesheet;
  if (!sheet) return null;
  const extra = side === 'restaurant' && sheet.extra_charge_cents > 0 ? sheet.extra_charge_cents : null;
  const refund = side === 'restaurant' && sheet.partial_refund_cents > 0 ? sheet.partial_refund_cents : null;
  return (
    <dl className="money-facts" data-testid="worked-facts">
      <Fact label={t('worked.hours')}>{formatNumber(sheet.worked_hours)}</Fact>
      {extra !== null && <Fact label={t('worked.extraCharge')}>{formatCents(extra)}</Fact>}
      {refund !== null && <Fact label={t('worked.partialRefund')}>{formatCents(refund)}</Fact>}
    </dl>
  );
}
