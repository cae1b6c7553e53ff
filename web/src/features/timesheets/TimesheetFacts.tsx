import { useTranslation } from 'react-i18next';
import { formatCents, formatShiftTime } from '../../shared/format';
import { minutesText } from './clock';
import type { Timesheet, TimesheetPay } from './timesheetsApi';
import { Fact } from '../../shared/components/Facts';

// A timesheet as both sides read it: its times, break and worked minutes, and what its money comes to (the
// server's pay block: the chef's pay, the booking fee, what was charged, the extra charge or refund, and a
// difference under the card minimum that was not moved).

/** The status of a timesheet, as a tag. */
export function TimesheetStatusTag({ status }: { status: Timesheet['status'] }) {
  const { t } = useTranslation('jobs');
  return (
    <span className={`tag timesheet-tag timesheet-${status}`} data-testid="timesheet-status">
      {t(`day.status.${status}`)}
    </span>
  );
}

/** Clock-in (late marked), clock-out (automatic marked), break and worked time. */
export function TimesheetTimes({ timesheet, city }: { timesheet: Timesheet; city?: string | null }) {
  const { t } = useTranslation('jobs');
  return (
    <dl className="facts" data-testid="timesheet-times">
      <Fact label={t('day.clockInAt')}>
        {timesheet.clock_in_at ? formatShiftTime(timesheet.clock_in_at, city) : t('day.none')}
        {timesheet.late && <span className="tag tag-late"> {t('day.late')}</span>}
      </Fact>
      <Fact label={t('day.clockOutAt')}>
        {timesheet.clock_out_at ? formatShiftTime(timesheet.clock_out_at, city) : t('day.none')}
        {timesheet.auto_clocked_out && <span className="hint"> {t('day.autoClockedOut')}</span>}
      </Fact>
      <Fact label={t('day.break')}>{t('day.breakMinutes', { count: timesheet.break_minutes })}</Fact>
      {timesheet.worked_minutes !== null && (
        <Fact label={t('day.worked')} testId="worked">
          {minutesText(timesheet.worked_minutes, t)}
        </Fact>
      )}
    </dl>
  );
}

/**
 * The pay block: the chef reads their pay; the restaurant reads the pay, the booking fee, what it paid so far,
 * the extra charge or the refund, and what it pays in the end.
 */
export function TimesheetPayFacts({
  pay,
  side,
  testId = 'timesheet-pay',
}: {
  pay: TimesheetPay;
  side: 'chef' | 'restaurant';
  testId?: string;
}) {
  const { t } = useTranslation('jobs');
  return (
    <>
      <dl className="facts" data-testid={testId}>
        <Fact label={side === 'chef' ? t('day.chef.yourPay') : t('day.chefPay')} testId={`${testId}-chef`}>
          <strong>{formatCents(pay.chef_pay_cents)}</strong>
        </Fact>
        {side === 'restaurant' && (
          <>
            <Fact label={t('day.fee')} testId={`${testId}-fee`}>
              {formatCents(pay.fee_cents)}
            </Fact>
            <Fact label={t('day.charged')} testId={`${testId}-charged`}>
              {formatCents(pay.charged_cents)}
            </Fact>
            {pay.extra_charge_cents > 0 && (
              <Fact label={t('day.extraCharge')} testId={`${testId}-extra`}>
                {formatCents(pay.extra_charge_cents)}
              </Fact>
            )}
            {pay.refund_cents > 0 && (
              <Fact label={t('day.refund')} testId={`${testId}-refund`}>
                {formatCents(pay.refund_cents)}
              </Fact>
            )}
            <Fact label={t('day.total')} className="total-row" testId={`${testId}-total`}>
              {formatCents(pay.total_cents)}
            </Fact>
          </>
        )}
      </dl>
      {side === 'restaurant' && pay.extra_charge_cents > 0 && <p className="hint">{t('day.extraHint')}</p>}
      {side === 'restaurant' && pay.under_minimum && (
        <p className="hint" data-testid={`${testId}-under-minimum`}>
          {t(`day.underMinimum.${pay.under_minimum.kind}`, { amount: formatCents(pay.under_minimum.cents) })}
        </p>
      )}
    </>
  );
}
