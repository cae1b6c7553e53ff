// Issue 38: the tip form's rules, as the server applies them: a whole number of cents from 1 up to the most the
// server quoted (100% of the chef's pay).

/** "20" or "20.5" or "$20.50" typed as dollars: whole cents, or null when it is not an amount. */
export function centsOf(text: string): number | null {
  const clean = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Why the amount cannot be sent (a key of the tips texts), or null when it can. */
export function amountProblem(
  cents: number | null,
  maxCents: number,
): 'amountInvalid' | 'amountTooLarge' | null {
  if (cents === null || cents < 1) return 'amountInvalid';
  if (cents > maxCents) return 'amountTooLarge';
  return null;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** "Visa •••• 4242" from the card the server named (brand unknown: the last 4 alone). */
export function cardLabel(card: { brand: string | null; last4: string | null }): string {
  const brand = card.brand ? (BRANDS[card.brand] ?? card.brand[0].toUpperCase() + card.brand.slice(1)) : '';
  return [brand, card.last4 ? `•••• ${card.last4}` : ''].filter(Boolean).join(' ');
}
