import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import { formatCents, formatDate, formatNumber } from '../../shared/format';
import { pageFor } from '../shell';
import { paymentsApi, type EarningRow } from '../payments';
import { MoneyOutcome } from '../../shared/money/outcome';
import { DownloadCsv } from './DownloadCsv';
import { Fact } from '../../shared/components/Facts';
import { TipAmount } from '../tips';
import { WorkedFacts } from './WorkedFacts';
import { MoneyRowHead, MoneyRowsSection } from './MoneyRows';
import { TotalCard } from '../../shared/money/TotalCard';
import { CashOutCard } from '../payouts';

/**
 * /earnings (chefs): what the payments ledger says they earned: paid out, on its way, and each shift, with the
 * server's CSV export. Cards, so a 375 px phone reads every figure without scrolling sideways.
 */
const EarningsPage = pageFor('chef', Earnings);
export default EarningsPage;

function Earnings() {
  const { t } = useTranslation('earnings');
  const { data, isLoading, isError } = paymentsApi.useEarningsQuery();
  return (
    <section className="page money-page">
      <div className="page-head">
        <h1>{t('earnings.title')}</h1>
        <div className="money-actions no-print">
          {/* issue 38: the year's statement for taxes */}
          <Link className="btn btn-secondary" to="/earnings/tax-year">
            {t('earnings.taxYearLink')}
          </Link>
          {data && data.shifts.length > 0 && <DownloadCsv report="earnings" />}
        </div>
      </div>
      <p className="muted">{t('earnings.intro')}</p>
      {isLoading && <Spinner />}
      {isError && <Alert>{t('loadFailed')}</Alert>}
      {/* issue 38: the connected account's available balance, cashed out to the debit card now */}
      <CashOutCard />
      {data && (
        <>
          <div className="stats money-totals">
            <TotalCard label={t('earnings.paidOut')} cents={data.paid_out_cents} testId="paid-out" />
            <TotalCard
              label={t('earnings.onItsWay')}
              cents={data.on_its_way_cents}
              testId="on-its-way"
              hint={t('earnings.onItsWayHint')}
            />
          </div>
          <MoneyRowsSection
            id="earnings-shifts"
            title={t('earnings.shifts')}
            count={t('earnings.count', { count: data.shifts.length })}
            empty={data.shifts.length === 0 ? t('earnings.empty') : null}
          >
            {data.shifts.map((row) => (
              <EarningLine key={`${row.job_id}-${row.seat_no ?? 1}`} row={row} />
            ))}
          </MoneyRowsSection>
        </>
      )}
    </section>
  );
}

function EarningLine({ row }: { row: EarningRow }) {
  const { t } = useTranslation('earnings');
  const paidOn = row.paid_out_at ? formatDate(row.paid_out_at) : null;
  return (
    <li className="money-row" data-testid="earning-row">
      <MoneyRowHead row={row} />
      <p className="muted money-row-sub">
        {[
          row.restaurant_name ?? t('earnings.restaurantUnknown'),
          formatDate(row.date),
          // issue 35: the chef's seat of a posting of several
          row.headcount && row.headcount > 1 && row.seat_no
            ? t('earnings.seatOf', { seat: row.seat_no, total: row.headcount })
            : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <dl className="money-facts">
        <Fact className="money-fact" label={t('earnings.hours')}>
          {row.hours === null ? '—' : formatNumber(row.hours)}
        </Fact>
        <Fact className="money-fact" label={t('earnings.grossPay')}>
          <strong>{formatCents(row.gross_pay_cents)}</strong>
        </Fact>
        <Fact className="money-fact" label={t('earnings.payout')}>
          {paidOn
            ? t('earnings.paidOn', { date: paidOn })
            : row.status === 'refunded'
              ? t('earnings.noPay')
              : t('earnings.pending')}
        </Fact>
      </dl>
      <WorkedFacts timesheet={row.timesheet} side="chef" />
      <MoneyOutcome money={row.money} side="chef" as="p" />
      <TipAmount cents={row.tip_cents} />
    </li>
  );
}
