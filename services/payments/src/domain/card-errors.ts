import { MESSAGES } from '@brigade/contracts';

/** The spec's friendly texts for card errors (section 8); other card errors keep the provider's own message. */
export function cardErrorText(
  code: string | null | undefined,
  declineCode: string | null | undefined,
  providerMessage: string,
): string {
  if (code === 'expired_card' || declineCode === 'expired_card') return MESSAGES.cardExpired;
  if (declineCode === 'insufficient_funds') return MESSAGES.insufficientFunds;
  if (code === 'card_declined') return MESSAGES.cardDeclined;
  return providerMessage || 'Payment failed. Please try again.';
}
