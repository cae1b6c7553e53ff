import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import { formatCents } from '../../shared/format';
import { TotalCard } from '../../shared/money/TotalCard';
import { pageFor } from '../shell';
import { statementsApi } from './statementsApi';
import { PrintButton, StatementCsv } from './StatementCsv';

/** The years a chef may pick: this one and the four before (Brigade's ledger starts in 2026). */
const YEARS_BACK = 4;

/** `?year=2026`, else this year; a year the API would refuse is this year. */
export function yearOf(param: string | null, now = new Date()): number {
  const year = Number(param);
  return /^\d{4}$/.test(param ?? '') && year >= 2000 && year <= 2100 ? year : now.getFullYear();
}

/**
 * /earnings/tax-year (chefs): the year's gross pay, tips, instant-payout fees, shifts and restaurants from the
 * payments ledger; whether the year reached the tax form's reporting threshold, and where the form comes from.
 * Printable, and the server's CSV.
 */
const TaxYearPage = pageFor('chef', TaxYear);
export default TaxYearPage;

function TaxYear() {
  const { t } = useTranslation('statements');
  const [params, setParams] = useSearchParams();
  const year = yearOf(params.get('year'));
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, i) => thisYear - i);
  if (!years.includes(year)) years.push(year);
  const { data, isFetching, isError } = statementsApi.useTaxYearQuery(year);
  return (
    <section className="page money-page statement-page">
      <div className="page-head">
        <h1>{t('taxYear.title', { year })}</h1>
        <div className="money-actions no-print">
          <PrintButton />
          <StatementCsv file={{ report: 'tax-year', year }} />
        </div>
      </div>
      <p className="muted no-print">
        <Link to="/earnings">{t('taxYear.back')}</Link>
      </p>
      <label className="statement-picker no-print">
        {t('taxYear.pick')}{' '}
        <select value={year} onChange={(e) => setParams({ year: e.target.value })}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </label>
      {isFetching && !data && <Spinner />}
      {isError && <Alert>{t('loadFailed')}</Alert>}
      {data && (
        <>
          <div className="stats money-totals">
            <TotalCard label={t('taxYear.gross')} cents={data.gross_pay_cents} testId="tax-gross" />
            <TotalCard label={t('taxYear.tips')} cents={data.tips_cents} testId="tax-tips" />
            <TotalCard label={t('taxYear.fees')} cents={data.instant_payout_fees_cents} testId="tax-fees" />
          </div>
          <p data-testid="tax-shifts">{t('taxYear.shifts', { count: data.shifts })}</p>
          <p className="statement-threshold" data-testid="tax-threshold">
            {t(data.reached_threshold ? 'taxYear.reached' : 'taxYear.notReached', {
              year: data.year,
              paid: formatCents(data.gross_pay_cents + data.tips_cents),
              threshold: formatCents(data.threshold_cents),
            })}
          </p>
          <p className="muted" data-testid="tax-note">
            {t('taxYear.note')}
          </p>
          {data.time_zone && <p className="muted">{t('taxYear.zone', { zone: data.time_zone })}</p>}
          <section className="card" aria-labelledby="tax-restaurants">
            <h2 id="tax-restaurants">{t('taxYear.restaurants')}</h2>
            {data.restaurants.length === 0 ? (
              <p className="empty">{t('taxYear.empty', { year: data.year })}</p>
            ) : (
              <table className="statement-table">
                <thead>
                  <tr>
                    <th scope="col">{t('taxYear.restaurant')}</th>
                    <th scope="col">{t('taxYear.shiftsColumn')}</th>
                    <th scope="col">{t('taxYear.gross')}</th>
                    <th scope="col">{t('taxYear.tips')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.restaurants.map((r) => (
                    <tr key={r.restaurant_id} data-testid="tax-restaurant">
                      <th scope="row">{r.restaurant_name ?? t('taxYear.restaurantUnknown')}</th>
                      <td>{r.shifts}</td>
                      <td>{formatCents(r.gross_pay_cents)}</td>
                      <td>{formatCents(r.tips_cents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </section>
  );
}
