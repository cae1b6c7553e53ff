import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatCents, formatNumber } from '../../shared/format';
import type { ShiftTimesheet } from '../payments';
import { Fact } from '../../shared/components/Facts';

/**
 * Issue 34: what a shift's timesheet did to its money, on a line of Earnings or Receipts, from the row's
 * `timesheet` (null or absent for a shift paid as scheduled: nothing is shown). Both sides read the hours worked,
 * how the timesheet was settled, the chef's pay for hours past the end (and whether it moved) and a difference
 * under the card minimum; the restaurant also reads its card's extra charge with its status and a partial refund.
 */
export function WorkedFacts({
  timesheet,
  side,
}: {
  timesheet: ShiftTimesheet | null | undefined;
  side: 'chef' | 'restaurant';
}) {
  const { t } = useTranslation('earnings');
  if (!timesheet) return null;
  const extra = timesheet.extra_charge_status !== 'none' && timesheet.extra_charge_cents > 0;
  const under = timesheet.under_minimum;
  return (
    <dl className="money-facts" data-testid="worked-facts">
      <Fact className="money-fact" label={t('worked.hours')}>
        {formatNumber(timesheet.worked_hours)}
      </Fact>
      <Fact className="money-fact" label={t('worked.source')}>
        {t(`worked.sources.${timesheet.source}`)}
      </Fact>
      {side === 'restaurant' && extra && (
        <Fact className="money-fact" label={t('worked.extraCharge')}>
          <span data-testid="extra-charge">
            {t(`worked.extraStatus.${timesheet.extra_charge_status}`, {
              amount: formatCents(timesheet.extra_charge_cents),
            })}
          </span>
          {timesheet.extra_charge_status === 'failed' && (
            <>
              {' '}
              <Link to="/balances">{t('worked.payBalance')}</Link>
            </>
          )}
        </Fact>
      )}
      {extra && timesheet.extra_chef_pay_cents > 0 && (
        <Fact className="money-fact" label={t(`worked.${side}.extraPay`)}>
          {t(`worked.${side}.extraPayStatus.${timesheet.extra_charge_status}`, {
            amount: formatCents(timesheet.extra_chef_pay_cents),
          })}
        </Fact>
      )}
      {side === 'restaurant' && timesheet.partial_refund_cents > 0 && (
        <Fact className="money-fact" label={t('worked.partialRefund')}>
          {formatCents(timesheet.partial_refund_cents)}
        </Fact>
      )}
      {under && under.cents > 0 && (
        <Fact className="money-fact" label={t('worked.underMinimum')}>
          {t(`worked.underMinimumKind.${under.kind}`, { amount: formatCents(under.cents) })}
        </Fact>
      )}
    </dl>
  );
}
