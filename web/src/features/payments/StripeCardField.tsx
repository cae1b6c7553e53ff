import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import type { CardConfirmer } from './card';

const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string) {
  if (!loaded.has(key)) loaded.set(key, loadStripe(key));
  return loaded.get(key)!;
}

function Inner({ onReady }: { onReady: (confirmer: CardConfirmer | null) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) {
      onReady(null);
      return;
    }
    onReady({
      async confirm(clientSecret, email) {
        const card = elements.getElement(CardElement);
        if (!card) return { ok: false, error: { code: 'not_loaded' } };
        const result = await stripe.confirmCardPayment(clientSecret, {
          payment_method: { card, billing_details: { email } },
        });
        if (result.error) return { ok: false, error: result.error };
        const method = result.paymentIntent?.payment_method;
        const paymentMethodId = typeof method === 'string' ? method : method?.id;
        return result.paymentIntent?.status === 'succeeded' || result.paymentIntent?.status === 'processing'
          ? { ok: true, ...(paymentMethodId ? { paymentMethodId } : {}) }
          : { ok: false, error: { code: 'processing_error' } };
      },
      async confirmSetup(clientSecret) {
        const card = elements.getElement(CardElement);
        if (!card) return { ok: false, error: { code: 'not_loaded' } };
        const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
        if (result.error) return { ok: false, error: result.error };
        return result.setupIntent?.status === 'succeeded'
          ? { ok: true }
          : { ok: false, error: { code: 'processing_error' } };
      },
    });
    return () => onReady(null);
  }, [stripe, elements, onReady]);
  return <CardElement options={{ hidePostalCode: true }} />;
}

/** Stripe's own card field (only when a publishable key is configured). */
export default function StripeCardField({
  publishableKey,
  onReady,
}: {
  publishableKey: string;
  onReady: (confirmer: CardConfirmer | null) => void;
}) {
  const { t } = useTranslation('payments');
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <fieldset className="card-form">
      <legend>{t('card.legend')}</legend>
      <div className="stripe-card">
        <Elements stripe={stripe}>
          <Inner onReady={onReady} />
        </Elements>
      </div>
    </fieldset>
  );
}
