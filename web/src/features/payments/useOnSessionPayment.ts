import { useState } from 'react';
import { errorCode, errorStatus } from '../../shared/api';
import { useAuth } from '../../shared/hooks';
import type { CardConfirmer } from './card';
import { useCardErrorText } from './usePayForJob';

/** What a pay-in-app endpoint answers (a balance, a lost card dispute paid back). */
export interface OnSessionAnswer {
  client_secret: string | null;
  payment_status: string;
  amount_cents: number;
}

/** How a payment ended: the server's answer, the text of its refusal, or `gone` (nothing is owed any more). */
export type OnSessionStep<A> =
  { ok: true; answer: A } | { ok: false; text: string } | { ok: false; gone: true };

/**
 * Pay something owed in the app, on-session (issue 34's balances, issue 38's lost card disputes): ask the endpoint;
 * unless it is already paid (`paidStatus`), the card field confirms its PaymentIntent (3-D Secure included) and the
 * endpoint is asked again with the PaymentMethod. A decline reads as the pay page says it; `goneCode` or a 404
 * means nothing is owed any more; anything else is `failedText`.
 */
export function useOnSessionPayment<A extends OnSessionAnswer>(o: {
  pay: (paymentMethodId?: string) => Promise<{ data?: A; error?: unknown }>;
  goneCode: string;
  paidStatus: string;
  failedText: string;
}) {
  const { user } = useAuth();
  const cardText = useCardErrorText();
  const [confirmer, setConfirmer] = useState<CardConfirmer | null>(null);
  const [busy, setBusy] = useState(false);

  const call = async (paymentMethodId?: string): Promise<OnSessionStep<A>> => {
    const res = await o.pay(paymentMethodId);
    if ('data' in res && res.data) return { ok: true, answer: res.data };
    const failure = 'error' in res ? res.error : undefined;
    const code = errorCode(failure);
    if (code === o.goneCode || errorStatus(failure) === 404) return { ok: false, gone: true };
    const data = (failure as { data?: Record<string, unknown> } | undefined)?.data ?? {};
    if (code === 'PAYMENTS.CARD_ERROR')
      return {
        ok: false,
        text: cardText({
          code: typeof data.stripe_code === 'string' ? data.stripe_code : null,
          decline_code: typeof data.decline_code === 'string' ? data.decline_code : null,
          message: typeof data.error === 'string' ? data.error : null,
        }),
      };
    return { ok: false, text: o.failedText };
  };

  /** Pay now: how it ended (the card field not loaded yet is a refusal with the card's text). */
  const pay = async (): Promise<OnSessionStep<A>> => {
    if (!confirmer) return { ok: false, text: cardText({ code: 'not_loaded' }) };
    setBusy(true);
    try {
      const step = await call();
      if (!step.ok || step.answer.payment_status === o.paidStatus) return step;
      if (!step.answer.client_secret) return { ok: false, text: o.failedText };
      const result = await confirmer.confirm(step.answer.client_secret, user?.email ?? '');
      return result.ok ? await call(result.paymentMethodId) : { ok: false, text: cardText(result.error) };
    } finally {
      setBusy(false);
    }
  };

  return { confirmer, setConfirmer, busy, pay };
}
