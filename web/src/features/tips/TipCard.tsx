import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { formatCents, formatShiftTime } from '../../shared/format';
import { Alert } from '../../shared/components/Alert';
import { TextField } from '../../shared/components/TextField';
import { tipsApi, type Tip, type TipState } from './tipsApi';
import { amountProblem, cardLabel, centsOf } from './tipForm';

// Issue 38, the restaurant's job page: "Add a tip" for a worked seat (after its checkout or timesheet approval,
// until TIP_WINDOW after the shift). Before sending it says what it will cost from the server's quote (the card,
// no fee, what the chef receives, the most and until when); after, "Tipped $20.00" and where the tip is.

const NOT_WORKED = 'PAYMENTS.TIP_NOT_WORKED';

function TipGiven({ tip, name }: { tip: Tip; name: string }) {
  const { t } = useTranslation('tips');
  return (
    <p data-testid="tip-given">
      <strong>{t('tipped', { amount: formatCents(tip.amount_cents) })}</strong>{' '}
      <span className="muted">{t(`status.${tip.status}`, { name })}</span>
    </p>
  );
}

function TipForm({ state, name, city }: { state: TipState; name: string; city?: string | null }) {
  const { t } = useTranslation('tips');
  const [amount, setAmount] = useState('');
  const [give, giving] = tipsApi.useGiveTipMutation();
  const cents = centsOf(amount);
  const problem = amount.trim() ? amountProblem(cents, state.max_cents) : null;
  const ready = cents !== null && problem === null;
  const failed = state.tip?.status === 'failed' ? state.tip.failure : null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) void give({ applicationId: state.application_id, amount_cents: cents });
  };
  if (!state.card) return <Alert tone="info">{t('noCard')}</Alert>;
  return (
    <form onSubmit={onSubmit} noValidate data-testid="tip-form">
      <TextField
        label={t('amount')}
        inputMode="decimal"
        value={amount}
        onChange={setAmount}
        error={problem ? t(problem, { max: formatCents(state.max_cents) }) : null}
        hint={
          state.window_ends_at
            ? t('limits', {
                max: formatCents(state.max_cents),
                until: formatShiftTime(state.window_ends_at, city),
              })
            : t('limit', { max: formatCents(state.max_cents) })
        }
      />
      {ready && (
        <p data-testid="tip-preview">
          {t('preview', { card: cardLabel(state.card), name, amount: formatCents(cents) })}
        </p>
      )}
      <Alert>{giving.error ? errorText(giving.error, t('failed')) : failed ? failed.message : null}</Alert>
      <button type="submit" className="btn btn-primary" disabled={!ready || giving.isLoading}>
        {giving.isLoading ? t('sending') : ready ? t('send', { amount: formatCents(cents) }) : t('sendEmpty')}
      </button>
    </form>
  );
}

/**
 * One seat's tip: nothing until the seat was worked (by payments' records); then the form, or the tip given and
 * where it is. `ended`: the shift's end has come (the card looks again until payments has the checkout's money).
 */
export function TipCard({
  applicationId,
  chefName,
  city,
  ended,
}: {
  applicationId: string;
  chefName?: string | null;
  city?: string | null;
  ended: boolean;
}) {
  const { t } = useTranslation('tips');
  const query = tipsApi.useTipStateQuery(applicationId, { skip: !ended });
  const state = query.data;
  const moving = state?.tip && (state.tip.status === 'charging' || state.tip.status === 'charged');
  const waiting = state?.refusal === NOT_WORKED && !state.tip;
  tipsApi.useTipStateQuery(applicationId, { skip: !ended || !(moving || waiting), pollingInterval: 4000 });
  if (!state || (waiting && !state.tip)) return null;
  const name = chefName || state.chef_name || t('theChef');
  const given = state.tip && state.tip.status !== 'failed' ? state.tip : null;
  if (!given && state.refusal) return null;
  return (
    <section className="card tip-card" aria-labelledby={`tip-${applicationId}`} data-testid="tip-card">
      <h2 id={`tip-${applicationId}`}>{t('title', { name })}</h2>
      {given ? <TipGiven tip={given} name={name} /> : <TipForm state={state} name={name} city={city} />}
    </section>
  );
}

/** A tip on an earnings or receipts row: what the chef received, or what the restaurant gave (no fee). */
export function TipAmount({ cents }: { cents: number | undefined }) {
  const { t } = useTranslation('tips');
  if (!cents) return null;
  return (
    <p className="money-tip" data-testid="row-tip">
      {t('rowTip', { amount: formatCents(cents) })}
    </p>
  );
}
