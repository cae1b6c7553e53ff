import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { LIMITS } from '../../shared/contracts';
import { formatCents, formatRate } from '../../shared/format';
import { Alert } from '../../shared/components/Alert';
import { RateField } from '../../shared/components/RateField';
import { Spinner } from '../../shared/components/Spinner';
import { QUOTE_DEBOUNCE_MS, useSettled } from '../../shared/useSettled';
import type { JobPosting } from '../jobs';
import { bookingApi, type BoostQuote } from './bookingApi';

/**
 * Whether the owner may boost the shift now: unfilled (open with a free seat), paid, not started, and no edit
 * or boost being charged. Unlike an edit, a boost stays open inside the late-cancellation window.
 */
export function canBoost(job: JobPosting, now = Date.now()): boolean {
  return (
    job.status === 'open' &&
    job.payment_status === 'held_in_escrow' &&
    (job.seats?.open ?? 1) > 0 &&
    job.pending_edit?.status !== 'charging' &&
    now < new Date(job.start_time).getTime()
  );
}

/** A typed rate as a number of dollars within the posting's limits and whole cents, or null. */
function rateOf(text: string): number | null {
  const n = Number(text);
  if (!text.trim() || !Number.isFinite(n)) return null;
  if (n < LIMITS.hourlyRateMin || n > LIMITS.hourlyRateMax) return null;
  return Math.abs(n * 100 - Math.round(n * 100)) < 1e-6 ? n : null;
}

/** The quote in words and figures: "You'll be charged $X.XX now (fee $Y.YY); new total $Z.ZZ". */
export function BoostQuoteText({ quote }: { quote: BoostQuote }) {
  const { t } = useTranslation('jobs');
  return (
    <p data-testid="boost-quote">
      <strong>
        {t('boost.quote', {
          charge: formatCents(quote.charge_cents),
          fee: formatCents(quote.fee_cents),
          total: formatCents(quote.new_total_cents),
        })}
      </strong>
    </p>
  );
}

/**
 * "Boost pay" on the owner's job page (issue 37): a new rate; its quote (`GET /jobs/{id}/boost-quote`) is shown
 * before the button, and a refused quote (its code's text) keeps the button off. Boosting is `POST
 * /jobs/{id}/boost` (202): the job's `pending_edit` follows the charge to the card on file (PendingEditNotice),
 * and the new rate shows once it is collected.
 */
export function BoostPanel({ job, onClose }: { job: JobPosting; onClose: (boosted: boolean) => void }) {
  const { t } = useTranslation('jobs');
  const [rate, setRate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [boost, boosting] = bookingApi.useBoostMutation();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const typed = rateOf(rate);
  const higher = typed !== null && typed > job.hourly_rate ? typed : null;
  const settled = useSettled(higher, QUOTE_DEBOUNCE_MS);
  const ready = settled !== null && settled === higher;
  const quote = bookingApi.useBoostQuoteQuery(
    { id: job.id, hourly_rate: settled ?? 0 },
    { skip: settled === null },
  );
  const canBoostNow = ready && !!quote.data && !quote.isFetching && !quote.isError && !boosting.isLoading;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canBoostNow || higher === null) return;
    setError(null);
    const res = await boost({ id: job.id, hourly_rate: higher });
    if (res.data) onClose(true);
    else setError(errorText(res.error, t('boost.failed')));
  };

  let money;
  if (higher === null)
    money = <p className="hint">{t('boost.enterRate', { rate: formatRate(job.hourly_rate) })}</p>;
  else if (!ready || quote.isFetching || (!quote.data && !quote.isError)) money = <Spinner />;
  else if (quote.isError) money = <Alert>{errorText(quote.error, t('boost.quoteFailed'))}</Alert>;
  else money = <BoostQuoteText quote={quote.data!} />;

  return (
    <section className="card boost-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="h-reset" tabIndex={-1} ref={heading}>
        {t('boost.title')}
      </h2>
      <p className="hint">{t('boost.hint', { rate: formatRate(job.hourly_rate) })}</p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <RateField value={rate} onChange={setRate} required />
        <div className="card-inset" aria-live="polite">
          {money}
        </div>
        <Alert>{error}</Alert>
        <div className="actions-row">
          <button type="submit" className="btn" disabled={!canBoostNow}>
            {boosting.isLoading
              ? t('boost.sending')
              : higher === null
                ? t('boost.submitPlain')
                : t('boost.submit', { rate: formatRate(higher) })}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => onClose(false)}>
            {t('boost.close')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** "Boost pay" on the job page: the button while the shift is unfilled, then the panel in its place. */
export function BoostPay({ job, now }: { job: JobPosting; now: number }) {
  const { t } = useTranslation('jobs');
  const [open, setOpen] = useState(false);
  if (open) return <BoostPanel job={job} onClose={() => setOpen(false)} />;
  if (!canBoost(job, now)) return null;
  return (
    <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
      {t('boost.button')}
    </button>
  );
}
