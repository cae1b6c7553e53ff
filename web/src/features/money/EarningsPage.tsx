import { useTranslation } from 'react-i18next';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import { formatCents, formatDate, formatNumber } from '../../shared/format';
import { pageFor } from '../shell';
import { paymentsApi, type EarningRow } from '../payments';
import { MoneyOutcome, useMoneyWords } from '../../shared/money/outcome';
import { DownloadCsv } from './DownloadCsv';
import { Fact } from '../../shared/components/Facts';
import { WorkedFacts } from './WorkedFacts';

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
        {data && data.shifts.length > 0 && <DownloadCsv report="earnings" />}
      </div>
      <p className="muted">{t('earnings.intro')}</p>
      {isLoading && <Spinner />}
      {isError && <Alert>{t('loadFailed')}</Alert>}
      {data && (
        <>
          <div className="stats money-totals">
            <div className="stat-card">
              <div className="stat-value" data-testid="paid-out">
                {formatCents(data.paid_out_cents)}
              </div>
              <div className="stat-label">{t('earnings.paidOut')}</div>
            </div>
            <div className="stat-card">
              <div className="stat-value" data-testid="on-its-way">
                {formatCents(data.on_its_way_cents)}
              </div>
              <div className="stat-label">{t('earnings.onItsWay')}</div>
              <div className="muted">{t('earnings.onItsWayHint')}</div>
            </div>
          </div>
          <section className="card" aria-labelledby="earnings-shifts">
            <h2 id="earnings-shifts">
              {t('earnings.shifts')}{' '}
              <span className="muted">{t('earnings.count', { count: data.shifts.length })}</span>
            </h2>
            {data.shifts.length === 0 ? (
              <p className="empty">{t('earnings.empty')}</p>
            ) : (
              <ul className="money-rows">
                {data.shifts.map((row) => (
                  <EarningLine key={`${row.job_id}-${row.seat_no ?? 1}`} row={row} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}

function EarningLine({ row }: { row: EarningRow }) {
  const { t } = useTranslation('earnings');
  const { t: tc } = useTranslation('catalog');
  const words = useMoneyWords();
  const paidOn = row.paid_out_at ? formatDate(row.paid_out_at) : null;
  return (
    <li className="money-row" data-testid="earning-row">
      <div className="money-row-head">
        <h3>{tc(`positions.${row.position}`, { defaultValue: row.position })}</h3>
        {/* what the shift's money did: its outcome, from the decision and the ledger */}
        <span className={`tag money-tag-${row.money.outcome}`} data-testid="money-label">
          {words.label(row.money)}
        </span>
      </div>
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
    </li>
  );
}
