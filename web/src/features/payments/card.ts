import type { CardError, ParsedCard } from './cardErrors';

/** A confirmed card payment, with the PaymentMethod it was paid with (the confirm-payment call reports it). */
export type CardResult = { ok: true; paymentMethodId?: string } | { ok: false; error: CardError };

/** A card saved for later (a SetupIntent confirmed with this card). */
export type SetupResult = { ok: true } | { ok: false; error: CardError };

/**
 * What a card field gives the page once the provider is ready: confirm a PaymentIntent with this card, or save
 * the card for later payments (a SetupIntent).
 */
export interface CardConfirmer {
  confirm(clientSecret: string, email: string): Promise<CardResult>;
  confirmSetup(clientSecret: string): Promise<SetupResult>;
}

/** pi_123_secret_abc -> pi_123 (seti_123_secret_abc -> seti_123) */
export function paymentIntentId(clientSecret: string): string {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : clientSecret;
}

/** What the sandbox answered a confirm with: its JSON (empty when none), or null when it could not be reached. */
type SandboxAnswer = {
  ok: boolean;
  json: { status?: string; payment_method?: string | null; error?: CardError };
};

/**
 * POST a confirm to the Stripe sandbox on this origin, as Stripe.js would against Stripe: form-encoded
 * client_secret and card fields (plus `extra`); a decline answers 402 `{ error: { type, code, decline_code, message } }`.
 */
async function confirmAtSandbox(
  kind: 'payment_intents' | 'setup_intents',
  clientSecret: string,
  card: ParsedCard,
  extra: Record<string, string> = {},
): Promise<SandboxAnswer | null> {
  const body = new URLSearchParams({
    client_secret: clientSecret,
    'card[number]': card.number,
    'card[exp_month]': String(card.expMonth),
    'card[exp_year]': String(card.expYear),
    'card[cvc]': card.cvc,
    ...extra,
  });
  let res: Response;
  try {
    res = await fetch(
      `${window.location.origin}/sandbox/stripe/v1/${kind}/${encodeURIComponent(paymentIntentId(clientSecret))}/confirm`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      },
    );
  } catch {
    return null;
  }
  return { ok: res.ok, json: (await res.json().catch(() => ({}))) as SandboxAnswer['json'] };
}

const PROCESSING_ERROR: CardError = { code: 'processing_error' };

/** Confirms a PaymentIntent with a card at the Stripe sandbox on this origin. */
export async function confirmInSandbox(
  clientSecret: string,
  card: ParsedCard,
  email: string,
): Promise<CardResult> {
  const answer = await confirmAtSandbox(
    'payment_intents',
    clientSecret,
    card,
    email ? { receipt_email: email } : {},
  );
  if (!answer) return { ok: false, error: PROCESSING_ERROR };
  const { json } = answer;
  if (answer.ok && json.status === 'succeeded')
    return json.payment_method ? { ok: true, paymentMethodId: json.payment_method } : { ok: true };
  return { ok: false, error: json.error ?? PROCESSING_ERROR };
}

/**
 * Confirms a SetupIntent at the Stripe sandbox on this origin, as Stripe.js's confirmCardSetup would: the card is
 * checked and attached to the restaurant's Customer; a decline answers 402 like a payment's.
 */
export async function confirmSetupInSandbox(clientSecret: string, card: ParsedCard): Promise<SetupResult> {
  const answer = await confirmAtSandbox('setup_intents', clientSecret, card);
  if (!answer) return { ok: false, error: PROCESSING_ERROR };
  if (answer.ok && answer.json.status === 'succeeded') return { ok: true };
  return { ok: false, error: answer.json.error ?? PROCESSING_ERROR };
}
