import { useTranslation } from 'react-i18next';
import { moneyDecided } from '../payments/moneyOutcome';
import type { JobPosting } from './jobsApi';
import { TranslatedText } from '../../shared/components/TranslatedText';
import { formatCents, formatShiftMoment } from '../../shared/format';

/**
 * How a cancelled shift was cancelled, from the job's `cancellation`: who, when, late or not, what the chef was
 * paid, the fee kept and (for the owner) what went back to the card, and the reason given. Its time is in the
 * shift's city time, as the shift's hours are.
 */
export function CancellationFacts({ job, side }: { job: Partial<JobPosting>; side: 'chef' | 'restaurant' }) {
  const { t } = useTranslation('jobs');
  const c = job.cancellation;
  if (job.status !== 'cancelled' || !c) return null;
  return (
    <section className="card" aria-labelledby="cancellation-title" data-testid="cancellation-facts">
      <h2 id="cancellation-title">{t('cancellation.title')}</h2>
      <dl className="facts">
        <div>
          <dt>{t('cancellation.by')}</dt>
          <dd>{t(`cancellation.by_${c.cancelled_by}`)}</dd>
        </div>
        <div>
          <dt>{t('cancellation.when')}</dt>
          <dd>{formatShiftMoment(c.cancelled_at, job.restaurant_profiles?.city)}</dd>
        </div>
        <div>
          <dt>{t('cancellation.kind')}</dt>
          <dd>
            <span className={c.late ? 'tag tag-late' : 'tag tag-ok'}>
              {c.late ? t('cancellation.late') : t('cancellation.inTime')}
            </span>
          </dd>
        </div>
        {c.chef_pay_cents > 0 && (
          <div>
            <dt>{side === 'chef' ? t('cancellation.paidToYou') : t('cancellation.chefPaid')}</dt>
            <dd data-testid="cancellation-chef-pay">{formatCents(c.chef_pay_cents)}</dd>
          </div>
        )}
        {side === 'restaurant' && c.fee_cents > 0 && (
          <div>
            <dt>{t('cancellation.fee')}</dt>
            <dd>{formatCents(c.fee_cents)}</dd>
          </div>
        )}
        {side === 'restaurant' && (
          <div>
            <dt>{t('cancellation.refunded')}</dt>
            <dd data-testid="cancellation-refund">{formatCents(c.refund_cents)}</dd>
          </div>
        )}
        {c.reason && (
          <div>
            <dt>{t('cancellation.reason')}</dt>
            <dd>
              <TranslatedText
                text={c.reason}
                translation={c.reason_translation}
                mine={side === 'restaurant'}
                testId="cancellation-reason"
              />
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** One line of the same facts for lists: "Cancelled by the restaurant · Late cancellation · chef paid $80.00". */
export function cancellationLine(
  job: Partial<JobPosting> | undefined,
  side: 'chef' | 'restaurant',
  t: (key: string, options?: Record<string, unknown>) => string,
): string | null {
  const c = job?.cancellation;
  if (job?.status !== 'cancelled' || !c) return null;
  // Once the money is decided, its outcome tells the figures: the line keeps who and when.
  const figures = !moneyDecided(job.money);
  return [
    t(`cancellation.line_${c.cancelled_by}`),
    c.late ? t('cancellation.late') : t('cancellation.inTime'),
    figures && c.chef_pay_cents > 0
      ? t(side === 'chef' ? 'cancellation.paidToYouLine' : 'cancellation.chefPaidLine', {
          amount: formatCents(c.chef_pay_cents),
        })
      : null,
    figures && side === 'restaurant'
      ? t('cancellation.refundLine', { amount: formatCents(c.refund_cents) })
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
