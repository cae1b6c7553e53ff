import { useTranslation } from 'react-i18next';
import { moneyDecided } from '../../shared/money/outcome';
import type { JobPosting } from './jobsApi';
import { TranslatedText } from '../../shared/components/TranslatedText';
import { formatCents, formatShiftMoment } from '../../shared/format';
import { Fact } from '../../shared/components/Facts';

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
        <Fact label={t('cancellation.by')}>{t(`cancellation.by_${c.cancelled_by}`)}</Fact>
        <Fact label={t('cancellation.when')}>
          {formatShiftMoment(c.cancelled_at, job.restaurant_profiles?.city)}
        </Fact>
        <Fact label={t('cancellation.kind')}>
          <span className={c.late ? 'tag tag-late' : 'tag tag-ok'}>
            {c.late ? t('cancellation.late') : t('cancellation.inTime')}
          </span>
        </Fact>
        {c.chef_pay_cents > 0 && (
          <Fact
            label={side === 'chef' ? t('cancellation.paidToYou') : t('cancellation.chefPaid')}
            testId="cancellation-chef-pay"
          >
            {formatCents(c.chef_pay_cents)}
          </Fact>
        )}
        {side === 'restaurant' && c.fee_cents > 0 && (
          <Fact label={t('cancellation.fee')}>{formatCents(c.fee_cents)}</Fact>
        )}
        {side === 'restaurant' && (
          <Fact label={t('cancellation.refunded')} testId="cancellation-refund">
            {formatCents(c.refund_cents)}
          </Fact>
        )}
        {c.reason && (
          <Fact label={t('cancellation.reason')}>
            <TranslatedText
              text={c.reason}
              translation={c.reason_translation}
              mine={side === 'restaurant'}
              testId="cancellation-reason"
            />
          </Fact>
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
