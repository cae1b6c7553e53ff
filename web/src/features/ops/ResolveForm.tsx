import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { ActionPair } from '../../shared/components/ActionPair';
import { TextAreaField } from '../../shared/components/TextAreaField';
import { opsApi, type OpsDispute } from './opsApi';
import { DecisionFacts, formatCents } from './OpsPage';
import { centsToDollars, dollarsToCents, resolutionPreview } from './resolve';
import { seatFigures } from '../../shared/money/figures';
import { Fact } from '../../shared/components/Facts';
import { TextField } from '../../shared/components/TextField';

const NOTE_MAX = 2000;

/** The last step of a decision: what it cannot undo, a refusal from the server, Confirm or Change. */
export function ConfirmDecision({
  hint,
  error,
  busy,
  onConfirm,
  onChange,
}: {
  hint: string;
  error: string | null;
  busy: boolean;
  onConfirm: () => void;
  onChange: () => void;
}) {
  const { t } = useTranslation('ops');
  return (
    <>
      <p className="hint">{hint}</p>
      <Alert>{error}</Alert>
      <ActionPair
        label={t('resolve.confirm')}
        busyLabel={t('resolve.confirming')}
        busy={busy}
        onClick={onConfirm}
        other={t('resolve.change')}
        onOther={onChange}
      />
    </>
  );
}

/** The decision's note to both sides (required) and the button to review the decision before confirming it. */
export function NoteAndReview({
  note,
  onChange,
  error,
}: {
  note: string;
  onChange: (note: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('ops');
  return (
    <>
      <TextAreaField
        label={t('resolve.note')}
        hint={t('resolve.noteHint')}
        error={error}
        value={note}
        onChange={onChange}
        maxLength={NOTE_MAX}
      />
      <button type="submit" className="btn">
        {t('resolve.review')}
      </button>
    </>
  );
}

/**
 * The operator's decision: the chef's pay in dollars (0 to the shift pay, or Full pay / Half / Nothing), a
 * required note, then a confirmation step with what each side will receive (the server's rule). Server errors
 * (400, 409) are shown in place. A decided dispute shows its decision instead; the operator who just decided
 * it also keeps the confirmation (the page keeps this component mounted when the dispute comes back decided).
 */
export function ResolveForm({ dispute }: { dispute: OpsDispute }) {
  const { t } = useTranslation('ops');
  // a dispute is one seat's: its chef's pay and its charge (a posting's amounts are all its seats', issue 35)
  const job = { ...dispute.job, ...seatFigures(dispute.job) };
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; note?: string }>({});
  const [confirming, setConfirming] = useState<number | null>(null);
  const [resolve, result] = opsApi.useResolveDisputeMutation();

  const choose = (cents: number) => {
    setAmount(centsToDollars(cents));
    setErrors((e) => ({ ...e, amount: undefined }));
  };

  const onReview = (e: FormEvent) => {
    e.preventDefault();
    const cents = dollarsToCents(amount);
    const next: typeof errors = {};
    if (cents === null) next.amount = t('resolve.amountInvalid');
    else if (cents > job.subtotal_cents)
      next.amount = t('resolve.amountOver', { max: formatCents(job.subtotal_cents) });
    if (!note.trim()) next.note = t('resolve.noteRequired');
    else if (note.trim().length > NOTE_MAX) next.note = t('resolve.noteTooLong', { max: NOTE_MAX });
    setErrors(next);
    if (cents !== null && !next.amount && !next.note) setConfirming(cents);
  };

  const onConfirm = async () => {
    if (confirming === null) return;
    // the seat this case file is (issue 35): the server decides only the seat named
    await resolve({ jobId: job.id, chef_pay_cents: confirming, note: note.trim(), seat_no: dispute.seat_no });
  };

  const decided = result.data?.dispute.resolution;
  if (decided)
    return (
      <>
        <Alert tone="success">{t('resolve.done')}</Alert>
        <DecisionFacts resolution={decided} />
      </>
    );
  // Decided before this page was opened (or by another operator): the decision, no form.
  if (dispute.resolution) return <DecisionFacts resolution={dispute.resolution} />;

  if (confirming !== null) {
    const preview = resolutionPreview(job, confirming);
    return (
      <section className="card" aria-labelledby="resolve-confirm-title">
        <h2 id="resolve-confirm-title">{t('resolve.confirmTitle')}</h2>
        <dl className="facts" data-testid="resolve-preview">
          <Fact label={t('resolve.chefReceives')} testId="preview-chef">
            {formatCents(preview.chefPayCents)}
          </Fact>
          <Fact label={t('resolve.platformFee')} testId="preview-fee">
            {formatCents(preview.feeCents)}
          </Fact>
          <Fact label={t('resolve.restaurantRefund')} testId="preview-refund">
            {formatCents(preview.refundCents)}
          </Fact>
          <Fact label={t('resolve.note')} valueClassName="pre-wrap">
            {note.trim()}
          </Fact>
        </dl>
        <ConfirmDecision
          hint={t('resolve.confirmHint')}
          error={result.error ? errorText(result.error, t('resolve.failed')) : null}
          busy={result.isLoading}
          onConfirm={() => void onConfirm()}
          onChange={() => {
            result.reset();
            setConfirming(null);
          }}
        />
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="resolve-title">
      <h2 id="resolve-title">{t('resolve.title')}</h2>
      <p className="hint">
        {t('resolve.rule', { pay: formatCents(job.subtotal_cents), total: formatCents(job.total_cents) })}
      </p>
      <form onSubmit={onReview} noValidate>
        <TextField
          label={t('resolve.chefPay')}
          hint={t('resolve.chefPayHint', { max: formatCents(job.subtotal_cents) })}
          error={errors.amount}
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
        />
        <div className="actions-row" role="group" aria-label={t('resolve.quick')}>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => choose(job.subtotal_cents)}
          >
            {t('resolve.fullPay')}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => choose(Math.round(job.subtotal_cents / 2))}
          >
            {t('resolve.half')}
          </button>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => choose(0)}>
            {t('resolve.nothing')}
          </button>
        </div>
        <NoteAndReview note={note} onChange={setNote} error={errors.note} />
      </form>
    </section>
  );
}
