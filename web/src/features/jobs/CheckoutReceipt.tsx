import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { checkoutAnswerText } from '../../shared/contracts';
import { formatCents, formatDateTime, formatHours } from '../../shared/format';
import { useMoneyWords } from '../../shared/money/outcome';
import type { CheckoutResponse, JobPosting } from './jobsApi';
import { jobPay } from '../../shared/money/figures';
import { usePolicyText } from './policy';
import type { Side } from './shiftState';
import { Fact } from '../../shared/components/Facts';
import { TipCard } from '../tips';

/**
 * The end of a checkout: what happens to the money given the answers so far, from the server's answer (its
 * money facts, `waiting_for` and this side's own answer, in the screen's language: the same sentence the
 * server's `message` gives in the reader's): waiting for the other side, or the outcome once both answered
 * (paid in full, refunded, under review). Then a receipt with the money's figures as the server knows them,
 * and, while the other side has not answered, the checkout deadline's rule. It stays until the reader leaves it.
 */
export function CheckoutReceipt({
  job,
  side,
  result,
  applicationId,
}: {
  job: JobPosting;
  side: Side;
  result: CheckoutResponse;
  /** issue 38: the seat checked out (the restaurant may tip it once it is worked) */
  applicationId?: string;
}) {
  const { t } = useTranslation('jobs');
  const { policy } = usePolicyText();
  const words = useMoneyWords();
  const { money } = result;
  const waiting = result.waiting_for !== null;
  return (
    <section className="page narrow">
      <h1>{waiting ? t('checkout.recorded') : words.label(money)}</h1>
      <p role="status" data-testid="checkout-answer">
        {checkoutAnswerText(words.language, side, result, formatCents)}
      </p>
      <section className="card receipt" aria-labelledby="receipt-title">
        <h2 id="receipt-title">{t('checkout.receipt.title')}</h2>
        <dl className="facts">
          <Fact label={t('pay.hours')} testId="receipt-hours">
            {formatHours(jobPay(job).hours)}
          </Fact>
          <Fact
            label={side === 'chef' ? t('checkout.receipt.yourPay') : t('checkout.receipt.chefPay')}
            testId="receipt-pay"
          >
            {formatCents(money.chef_pay_cents)}
          </Fact>
          {side === 'restaurant' && (
            <>
              <Fact label={t('checkout.receipt.fee')} testId="receipt-fee">
                {formatCents(money.fee_cents)}
              </Fact>
              {money.refund_cents > 0 && (
                <Fact label={t('checkout.receipt.refund')} testId="receipt-refund">
                  {formatCents(money.refund_cents)}
                </Fact>
              )}
              <Fact label={t('checkout.receipt.charged')} className="total-row" testId="receipt-total">
                {formatCents(money.total_cents)}
              </Fact>
            </>
          )}
        </dl>
      </section>
      {waiting && (
        <section className="card" aria-labelledby="next-title">
          <h2 id="next-title">{t('checkout.receipt.next')}</h2>
          <p className="hint" data-testid="receipt-deadline">
            {policy('checkout_deadline', { deadline: formatDateTime(job.checkout_deadline) })}
          </p>
        </section>
      )}
      {side === 'restaurant' && applicationId && (
        <TipCard applicationId={applicationId} chefName={null} city={job.restaurant_profiles?.city} ended />
      )}
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
