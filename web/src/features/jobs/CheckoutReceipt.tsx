import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../app/serverText';
import { formatCents, formatDateTime, formatHours } from '../../app/format';
import type { JobPosting } from './jobsApi';
import { jobPay } from './money';
import { usePolicyText } from './policy';
import type { Side } from './shiftState';

/**
 * The end of a checkout: what was recorded (the server's message), a receipt of the shift (hours, pay and, for
 * the restaurant, the booking fee and what its card paid) and what happens next: paid out once both sides
 * confirmed, else by the checkout deadline's rule (contracts/src/policy.ts, CHECKOUT_DEADLINE). It stays until
 * the reader leaves it.
 */
export function CheckoutReceipt({
  job,
  side,
  result,
}: {
  job: JobPosting;
  side: Side;
  result: { message: string; mutualCheckoutCompleted: boolean };
}) {
  const { t } = useTranslation('jobs');
  const { policy } = usePolicyText();
  const pay = jobPay(job);
  const payText = formatCents(pay.subtotalCents);
  return (
    <section className="page narrow">
      <h1>{t('checkout.complete')}</h1>
      <p role="status">{serverText(result.message, t('checkout.complete'))}</p>
      <section className="card receipt" aria-labelledby="receipt-title">
        <h2 id="receipt-title">{t('checkout.receipt.title')}</h2>
        <dl className="facts">
          <div>
            <dt>{t('pay.hours')}</dt>
            <dd data-testid="receipt-hours">{formatHours(pay.hours)}</dd>
          </div>
          <div>
            <dt>{side === 'chef' ? t('checkout.receipt.yourPay') : t('checkout.receipt.chefPay')}</dt>
            <dd data-testid="receipt-pay">{payText}</dd>
          </div>
          {side === 'restaurant' && (
            <>
              <div>
                <dt>{t('pay.fee')}</dt>
                <dd data-testid="receipt-fee">{formatCents(pay.feeCents)}</dd>
              </div>
              <div className="total-row">
                <dt>{t('checkout.receipt.charged')}</dt>
                <dd data-testid="receipt-total">{formatCents(pay.totalCents)}</dd>
              </div>
            </>
          )}
        </dl>
      </section>
      <section className="card" aria-labelledby="next-title">
        <h2 id="next-title">{t('checkout.receipt.next')}</h2>
        {result.mutualCheckoutCompleted ? (
          <p>{t('checkout.bothDone')}</p>
        ) : (
          <>
            <p>
              {side === 'chef'
                ? t('checkout.receipt.nextChef', { pay: payText })
                : t('checkout.receipt.nextRestaurant', { pay: payText })}
            </p>
            <p className="hint" data-testid="receipt-deadline">
              {policy('checkout_deadline', { deadline: formatDateTime(job.checkout_deadline) })}
            </p>
          </>
        )}
      </section>
      <div className="actions-row">
        <Link to="/my-shifts" className="btn">
          {t('detail.toMyShifts')}
        </Link>
        <Link to="/dashboard" className="btn btn-secondary">
          {t('checkout.receipt.toDashboard')}
        </Link>
      </div>
    </section>
  );
}
