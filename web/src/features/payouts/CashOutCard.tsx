import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../shared/components/Alert';
import { Field } from '../../shared/components/Field';
import { Fact } from '../../shared/components/Facts';
import { errorStatus, errorText } from '../../shared/api';
import { apiErrorText } from '../../shared/serverText';
import { formatCents, formatDateTime } from '../../shared/format';
import {
  centsOf,
  payoutFigures,
  payoutsApi,
  type InstantPayout,
  type InstantPayoutQuote,
} from './payoutsApi';

/**
 * Issue 38: "Cash out now" on a chef's Earnings: the available balance at the provider, the fee or why it is free
 * (the quote's own words), what reaches the debit card, an amount (all of it unless changed), a confirm that
 * repeats the figures, then the chef's instant payouts with their status. Hidden for a chef with no payout
 * account (the quote's 404): Payment Setup says how to make one.
 */
export function CashOutCard() {
  const { t } = useTranslation('payouts');
  const quote = payoutsApi.useInstantPayoutQuoteQuery();
  const payouts = payoutsApi.useInstantPayoutsQuery();
  // no payout account yet (PAYMENTS.ACCOUNT_NOT_FOUND): nothing to cash out; Payment Setup makes one
  if (quote.isError && errorStatus(quote.error) === 404) return null;
  return (
    <section className="card cash-out" aria-labelledby="cash-out-title" data-testid="cash-out">
      <h2 id="cash-out-title">{t('title')}</h2>
      {quote.isError && <Alert>{errorText(quote.error, t('loadFailed'))}</Alert>}
      {quote.data && (
        <CashOutForm
          quote={quote.data}
          onDone={() => {
            void quote.refetch();
            void payouts.refetch();
          }}
        />
      )}
      {payouts.data && payouts.data.payouts.length > 0 && <PayoutList payouts={payouts.data.payouts} />}
    </section>
  );
}

function CashOutForm({ quote, onDone }: { quote: InstantPayoutQuote; onDone: () => void }) {
  const { t } = useTranslation('payouts');
  const [amountText, setAmountText] = useState(() => (quote.available_cents / 100).toFixed(2));
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<InstantPayout | null>(null);
  const [cashOut, { isLoading }] = payoutsApi.useCashOutMutation();

  const amount = centsOf(amountText);
  const figures = amount === null ? null : payoutFigures(quote, amount);
  const amountError =
    amount === null || amount < 1
      ? t('amountInvalid')
      : amount > quote.available_cents
        ? t('overBalance', { available: formatCents(quote.available_cents) })
        : figures && figures.net_cents <= 0
          ? t('underFee', { fee: formatCents(figures.fee_cents) })
          : null;
  const card = quote.debit_card
    ? t('card', { brand: quote.debit_card.brand ?? '', last4: quote.debit_card.last4 })
    : null;
  const refusal =
    quote.refusal &&
    quote.refusal !== 'PAYMENTS.PAYOUT_OVER_BALANCE' &&
    quote.refusal !== 'PAYMENTS.PAYOUT_UNDER_FEE'
      ? apiErrorText({ code: quote.refusal }, t('cannotNow'))
      : null;
  const canCash = quote.available_cents > 0 && !refusal;

  async function send(e: FormEvent) {
    e.preventDefault();
    if (amount === null || amountError) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setError(null);
    const res = await cashOut({ amount_cents: amount });
    setConfirming(false);
    if ('error' in res) setError(errorText(res.error, t('failed')));
    else setSent(res.data.payout);
    onDone();
  }

  return (
    <>
      <dl className="money-facts">
        <Fact label={t('available')} testId="cash-out-available">
          <strong>{formatCents(quote.available_cents)}</strong>
        </Fact>
        {card && <Fact label={t('to')}>{card}</Fact>}
      </dl>
      <p className="muted" data-testid="cash-out-reason">
        {quote.reason_text}
      </p>
      {sent && (
        <Alert tone="success">{t('sent', { net: formatCents(sent.net_cents), card: card ?? '' })}</Alert>
      )}
      {refusal && <Alert tone="info">{refusal}</Alert>}
      {error && <Alert>{error}</Alert>}
      {canCash && (
        <form onSubmit={send} noValidate>
          <Field label={t('amount')} error={amountText && amountError ? amountError : null}>
            {(p) => (
              <input
                {...p}
                inputMode="decimal"
                value={amountText}
                onChange={(e) => {
                  setAmountText(e.target.value);
                  setConfirming(false);
                }}
              />
            )}
          </Field>
          {figures && !amountError && (
            <dl className="money-facts" aria-live="polite">
              <Fact label={t('fee')} testId="cash-out-fee">
                {figures.fee_cents === 0 ? t('free') : formatCents(figures.fee_cents)}
              </Fact>
              <Fact label={t('reaches')} testId="cash-out-net">
                <strong>{formatCents(figures.net_cents)}</strong>
              </Fact>
            </dl>
          )}
          {confirming && figures && (
            <p role="status" data-testid="cash-out-confirm">
              {figures.fee_cents === 0
                ? t('confirmFree', {
                    amount: formatCents(amount!),
                    net: formatCents(figures.net_cents),
                    card,
                  })
                : t('confirm', {
                    amount: formatCents(amount!),
                    fee: formatCents(figures.fee_cents),
                    net: formatCents(figures.net_cents),
                    card,
                  })}
            </p>
          )}
          <div className="actions">
            <button type="submit" className="btn" disabled={Boolean(amountError) || isLoading}>
              {confirming ? t('confirmButton') : t('button')}
            </button>
            {confirming && (
              <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
                {t('back')}
              </button>
            )}
          </div>
        </form>
      )}
    </>
  );
}

function PayoutList({ payouts }: { payouts: InstantPayout[] }) {
  const { t } = useTranslation('payouts');
  return (
    <>
      <h3>{t('history')}</h3>
      <ul className="money-rows">
        {payouts.map((p) => (
          <li key={p.id} className="money-row" data-testid="instant-payout">
            <p>
              <strong>{formatCents(p.net_cents)}</strong>{' '}
              <span className={`tag payout-${p.status}`}>{t(`status.${p.status}`)}</span>
            </p>
            <p className="muted">
              {[
                formatDateTime(p.created_at),
                p.fee_cents ? t('feeOf', { fee: formatCents(p.fee_cents) }) : t('free'),
                p.destination
                  ? t('card', { brand: p.destination.brand ?? '', last4: p.destination.last4 })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {p.status === 'failed' && (
              <p data-testid="instant-payout-failure">
                {t('failedWhy', { why: p.failure_message ?? t('failedUnknown') })}
              </p>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
