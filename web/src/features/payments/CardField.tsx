import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../shared/components/Spinner';
import { confirmInSandbox, confirmSetupInSandbox, type CardConfirmer } from './card';
import { checkSandboxCard, formatCardNumber, formatExpiry, type SandboxCard } from './cardErrors';
import { paymentsApi } from './paymentsApi';
import { TextField } from '../../shared/components/TextField';

// Stripe.js and its React bindings load only when a publishable key is configured (their own chunk).
const StripeCardField = lazy(() => import('./StripeCardField'));

/**
 * The card field of every payment screen. With a publishable key it is Stripe's CardElement; in the sandbox
 * (no keys) a card form that confirms against the Stripe emulator the same way. `onReady` receives the way to
 * confirm a payment (or save the card) once the provider is ready (null until then: the Pay button stays
 * disabled).
 */
export function CardField({ onReady }: { onReady: (confirmer: CardConfirmer | null) => void }) {
  const { t } = useTranslation('payments');
  const config = paymentsApi.usePaymentsConfigQuery();
  if (config.isLoading) return <Spinner label={t('card.loading')} />;
  if (config.data?.publishable_key && !config.data.sandbox)
    return (
      <Suspense fallback={<Spinner label={t('card.loading')} />}>
        <StripeCardField publishableKey={config.data.publishable_key} onReady={onReady} />
      </Suspense>
    );
  return <SandboxCardForm onReady={onReady} />;
}

export function SandboxCardForm({ onReady }: { onReady: (confirmer: CardConfirmer | null) => void }) {
  const { t } = useTranslation('payments');
  const [card, setCard] = useState<SandboxCard>({ number: '', expiry: '', cvc: '' });
  const latest = useRef(card);
  // confirm() reads the card as last rendered (kept after each commit; refs are not written while rendering)
  useLayoutEffect(() => {
    latest.current = card;
  });

  useEffect(() => {
    onReady({
      async confirm(clientSecret, email) {
        const checked = checkSandboxCard(latest.current);
        if ('error' in checked) return { ok: false, error: checked.error };
        return confirmInSandbox(clientSecret, checked.card, email);
      },
      async confirmSetup(clientSecret) {
        const checked = checkSandboxCard(latest.current);
        if ('error' in checked) return { ok: false, error: checked.error };
        return confirmSetupInSandbox(clientSecret, checked.card);
      },
    });
    return () => onReady(null);
  }, [onReady]);

  return (
    <fieldset className="card-form">
      <legend>{t('card.legend')}</legend>
      <p className="hint">{t('card.sandboxHint')}</p>
      <TextField
        label={t('card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.number}
        onChange={(v) => setCard((c) => ({ ...c, number: formatCardNumber(v) }))}
      />
      <div className="field-row">
        <TextField
          label={t('card.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('card.expiryPlaceholder')}
          value={card.expiry}
          onChange={(v) => setCard((c) => ({ ...c, expiry: formatExpiry(v) }))}
        />
        <TextField
          label={t('card.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={card.cvc}
          onChange={(v) => setCard((c) => ({ ...c, cvc: v.replace(/\D/g, '') }))}
        />
      </div>
    </fieldset>
  );
}
