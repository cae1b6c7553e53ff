import { useTranslation } from 'react-i18next';
import type { JobPay } from '../contracts';
import { formatCents, formatHours } from '../format';
import { seatOfPosting } from './figures';
import { Fact } from '../components/Facts';

/**
 * Hours, subtotal, the 7% booking fee and the total: the restaurant's view of a shift's price, with the pricing
 * rule under it (`note`; left out once the money is decided: then the outcome says what it did). A posting of
 * several chefs (issue 35) shows the whole posting's figures, all seats charged at once, with one chef's share
 * beside them ("3 chefs × $107.00"): the hours are one chef's.
 */
export function PayBreakdown({
  pay,
  caption,
  note = true,
  headcount,
}: {
  pay: JobPay | null;
  caption?: string;
  note?: boolean;
  /** the posting's chefs; `pay` is the whole posting's */
  headcount?: number | null;
}) {
  const { t } = useTranslation('jobs');
  const perChef =
    pay && headcount && headcount > 1 ? (seatOfPosting(pay, headcount)?.totalCents ?? null) : null;
  return (
    <section className="card pay-summary" aria-labelledby="pay-summary-title" aria-live="polite">
      <h2 id="pay-summary-title">{caption ?? t('pay.title')}</h2>
      {pay ? (
        <dl className="facts">
          <Fact label={t('pay.hours')} testId="pay-hours">
            {formatHours(pay.hours)}
          </Fact>
          {perChef !== null && (
            <Fact label={t('pay.chefs')} testId="pay-per-chef">
              {t('pay.perChef', { count: headcount!, amount: formatCents(perChef) })}
            </Fact>
          )}
          <Fact label={t('pay.subtotal')} testId="pay-subtotal">
            {formatCents(pay.subtotalCents)}
          </Fact>
          <Fact label={t('pay.fee')} testId="pay-fee">
            {formatCents(pay.feeCents)}
          </Fact>
          <Fact
            label={perChef !== null ? t('pay.totalAll') : t('pay.total')}
            className="total-row"
            testId="pay-total"
          >
            {formatCents(pay.totalCents)}
          </Fact>
        </dl>
      ) : (
        <p className="muted">{t('pay.empty')}</p>
      )}
      {note && <p className="hint">{t('pay.note')}</p>}
    </section>
  );
}
