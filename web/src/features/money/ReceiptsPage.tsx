import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import { formatCents, formatDate } from '../../shared/format';
import { pageFor } from '../shell';
import { paymentsApi, type ReceiptRow, BalanceNotice, cardBrandName } from '../payments';
import { MoneyOutcome } from '../../shared/money/outcome';
import { DownloadCsv } from './DownloadCsv';
import { Fact } from '../../shared/components/Facts';
import { TipAmount } from '../tips';
import { WorkedFacts } from './WorkedFacts';
import { MoneyRowHead, MoneyRowsSection } from './MoneyRows';
import { TotalCard } from '../../shared/money/TotalCard';

/**
 * /receipts (restaurants): per charged shift, the pay, the platform fee, refunds, the card and the net charge,
 * as the payments ledger has them; printable (the print stylesheet keeps only the receipts) and a CSV export for
 * the accountant.
 */
const ReceiptsPage = pageFor('restaurant', Receipts);
export default ReceiptsPage;

function Receipts() {
  const { t } = useTranslation('earnings');
  const { data, isLoading, isError } = paymentsApi.useReceiptsQuery();
  const any = !!data && data.receipts.length > 0;
  return (
    <section className="page money-page">
      <div className="page-head">
        <h1>{t('receipts.title')}</h1>
        {any && (
          <div className="money-actions no-print">
            <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
              {t('receipts.print')}
            </button>
            <DownloadCsv report="receipts" />
          </div>
        )}
      </div>
      <p className="muted">{t('receipts.intro')}</p>
      {/* issue 38: the week's statement (the Monday text links there too) */}
      <p className="no-print">
        <Link to="/statements">{t('receipts.statementLink')}</Link>
      </p>
      <BalanceNotice />
      {isLoading && <Spinner />}
      {isError && <Alert>{t('loadFailed')}</Alert>}
      {data && (
        <>
          <div className="stats money-totals">
            <TotalCard
              label={t('receipts.netCharged')}
              cents={data.totals.net_charged_cents}
              testId="net-charged"
            />
            <TotalCard label={t('receipts.platformFees')} cents={data.totals.platform_fee_cents} />
            <TotalCard label={t('receipts.refunds')} cents={data.totals.refund_cents} />
          </div>
          <MoneyRowsSection
            id="receipts-shifts"
            title={t('receipts.shifts')}
            count={t('receipts.count', { count: data.receipts.length })}
            empty={!any ? t('receipts.empty') : null}
          >
            {data.receipts.map((row) => (
              <ReceiptLine key={`${row.job_id}-${row.seat_no ?? 1}`} row={row} />
            ))}
          </MoneyRowsSection>
        </>
      )}
    </section>
  );
}

function ReceiptLine({ row }: { row: ReceiptRow }) {
  const { t } = useTranslation('earnings');
  return (
    <li className="money-row" data-testid="receipt-row">
      <MoneyRowHead row={row} />
      <p className="muted money-row-sub">
        {[
          formatDate(row.date),
          // issue 35: a posting of several is a receipt line per seat
          row.headcount && row.headcount > 1 && row.seat_no
            ? t('receipts.seatOf', { seat: row.seat_no, total: row.headcount })
            : null,
          row.chef_name ?? (row.chef_id ? t('receipts.chefUnknown') : t('receipts.noChef')),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <dl className="money-facts">
        <Fact className="money-fact" label={t('receipts.shiftPay')}>
          {formatCents(row.shift_pay_cents)}
        </Fact>
        <Fact className="money-fact" label={t('receipts.platformFee')}>
          {formatCents(row.platform_fee_cents)}
        </Fact>
        <Fact className="money-fact" label={t('receipts.refund')}>
          {formatCents(row.refund_cents)}
        </Fact>
        <Fact className="money-fact" label={t('receipts.net')}>
          <strong>{formatCents(row.net_charged_cents)}</strong>
        </Fact>
      </dl>
      <WorkedFacts timesheet={row.timesheet} side="restaurant" />
      <MoneyOutcome money={row.money} side="restaurant" as="p" />
      <TipAmount cents={row.tip_cents} />
      <p className="money-card">
        {row.card.brand && row.card.last4
          ? t('receipts.cardKnown', { brand: cardBrandName(row.card.brand), last4: row.card.last4 })
          : t('receipts.cardCharge', { charge: row.card.charge_id ?? '—' })}
        {row.pending && <span className="muted"> · {t('receipts.pending')}</span>}
      </p>
    </li>
  );
}
