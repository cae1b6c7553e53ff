import type { SavedCard } from './paymentsApi';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** A card brand as people write it ("visa" from Stripe: "Visa"). */
export function cardBrandName(brand: string): string {
  return BRANDS[brand] ?? (brand ? brand[0].toUpperCase() + brand.slice(1) : '');
}

/** "Visa •••• 4242": the brand as people write it and the last four digits, never more of the number. */
export function savedCardLabel(card: Pick<SavedCard, 'brand' | 'last4'>): string {
  return `${cardBrandName(card.brand)} •••• ${card.last4}`.trim();
}

/** "11/33" */
export function savedCardExpiry(card: Pick<SavedCard, 'exp_month' | 'exp_year'>): string {
  return `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;
}
