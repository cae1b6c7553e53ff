import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import { jobsApi, type CancelJobResponse, type CancellationQuote, type JobPosting } from './jobsApi';
import { formatCents } from '../../shared/format';
import { Fact } from '../../shared/components/Facts';
import { TextAreaField } from '../../shared/components/TextAreaField';

const REASON_MAX = 500;

/** The figures of a cancellation: what the chef gets and the fee when it is late, what comes back to the card. */
function QuoteFigures({
  quote,
}: {
  quote: Pick<CancellationQuote, 'late' | 'chef_pay_cents' | 'fee_cents' | 'refund_cents'>;
}) {
  const { t } = useTranslation('jobs');
  return (
    <dl className="facts">
      {quote.late && (
        <>
          <Fact label={t('cancel.chefGets')} testId="quote-chef-pay">
            {formatCents(quote.chef_pay_cents)}
          </Fact>
          <Fact label={t('cancel.feeKept')} testId="quote-fee">
            {formatCents(quote.fee_cents)}
          </Fact>
        </>
      )}
      <Fact label={t('cancel.refund')} className="total-row" testId="quote-refund">
        {formatCents(quote.refund_cents)}
      </Fact>
    </dl>
  );
}

/** The button that opens the quote (shown only while the lifecycle lets the restaurant cancel). */
export function CancelShiftButton({ onOpen, label }: { onOpen: () => void; label?: string }) {
  const { t } = useTranslation('jobs');
  return (
    <button type="button" className="btn btn-small btn-secondary" aria-label={label} onClick={onOpen}>
      {t('cancel.button')}
    </button>
  );
}

/**
 * The owner's cancellation, quote first: `GET /jobs/{id}/cancellation` says whether it is late, what the chef
 * gets, the fee and what comes back to the card, with the rule in words (`reason_text`); then an optional reason
 * and `POST /jobs/{id}/cancel`, whose answer (the figures actually applied) is shown.
 */
export function CancelShiftPanel({ job, onClose }: { job: JobPosting; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  const quote = jobsApi.useCancellationQuoteQuery(job.id, { refetchOnMountOrArgChange: true });
  const [cancel, cancelling] = jobsApi.useCancelJobMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<CancelJobResponse | null>(null);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const res = await cancel({ id: job.id, reason: reason.trim() || null });
    if (res.data) setDone(res.data);
    else setError(errorText(res.error, t('cancel.failed')));
  };

  let body;
  if (done)
    body = (
      <>
        <Alert tone="success">
          {done.late
            ? t('cancel.donePaid', {
                chef_pay: formatCents(done.chef_pay_cents),
                refund: formatCents(done.refund_cents),
              })
            : t('cancel.done', { refund: formatCents(done.refund_cents) })}
        </Alert>
        <button type="button" className="btn btn-small btn-secondary" onClick={onClose}>
          {t('cancel.close')}
        </button>
      </>
    );
  else if (quote.isFetching && !quote.data) body = <Spinner />;
  else if (!quote.data)
    body = (
      <>
        <Alert>{errorText(quote.error, t('cancel.quoteFailed'))}</Alert>
        <button type="button" className="btn btn-small btn-secondary" onClick={onClose}>
          {t('cancel.close')}
        </button>
      </>
    );
  else {
    const q = quote.data;
    const allowed = q.rule !== 'started';
    body = (
      <form onSubmit={(e) => void onSubmit(e)}>
        {allowed && (
          <p>
            <span className={q.late ? 'tag tag-late' : 'tag tag-ok'} data-testid="quote-kind">
              {q.late ? t('cancel.late') : t('cancel.notLate')}
            </span>
          </p>
        )}
        {allowed && <QuoteFigures quote={q} />}
        <p data-testid="quote-reason-text">{q.reason_text}</p>
        {allowed && (
          <TextAreaField
            label={t('cancel.reason')}
            hint={t('cancel.reasonHint', { count: reason.length, max: REASON_MAX })}
            rows={2}
            maxLength={REASON_MAX}
            value={reason}
            onChange={setReason}
          />
        )}
        <Alert>{error}</Alert>
        <div className="actions-row">
          {allowed && (
            <button type="submit" className="btn" disabled={cancelling.isLoading}>
              {cancelling.isLoading ? t('cancel.sending') : t('cancel.confirm')}
            </button>
          )}
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('cancel.keep')}
          </button>
        </div>
      </form>
    );
  }
  return (
    <section className="card cancel-panel" aria-labelledby={titleId}>
      <h3 id={titleId} className="h-reset" tabIndex={-1} ref={heading}>
        {t('cancel.title')}
      </h3>
      {body}
    </section>
  );
}

/**
 * The cancel control: the button while the owner may cancel (`allowed`), then the quote in its place once
 * opened; an open panel stays (with its outcome) after the job is cancelled, until it is closed.
 */
export function CancelShift({ job, allowed, label }: { job: JobPosting; allowed: boolean; label?: string }) {
  const [open, setOpen] = useState(false);
  if (open) return <CancelShiftPanel job={job} onClose={() => setOpen(false)} />;
  return allowed ? <CancelShiftButton onOpen={() => setOpen(true)} label={label} /> : null;
}
