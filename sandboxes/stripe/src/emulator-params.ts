// What every emulated resource shares: Stripe's error shape and the readers of its form-encoded params.
import type { CardOutcome } from './cards';
import type { StripeObject } from './store';

/** A Stripe-shaped API error: `{ error: { type, code, message, ... } }` with its HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly raw: Record<string, unknown> & { type: string; message: string },
  ) {
    super(raw.message);
  }
}

export const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });
export const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });

export interface RequestInfo {
  id: string;
  idempotency_key: string | null;
}

export interface EmulatorResult {
  status: number;
  body: unknown;
}

export type Params = Record<string, unknown>;

export function int(value: unknown, param: string, { required = false, min = 0 } = {}): number | undefined {
  if (value === undefined || value === '') {
    if (required) throw invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
    return undefined;
  }
  const n = typeof value === 'number' ? value : /^-?\d+$/.test(String(value)) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n))
    throw invalid(`Invalid integer: ${String(value)}`, param, 'parameter_invalid_integer');
  if (n < min)
    throw invalid(`This value must be greater than or equal to ${min}.`, param, 'parameter_invalid_integer');
  return n;
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function metadata(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}

/** Strip the emulator's private fields (`__number`) before an object leaves it. */
export function publicView<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (k, v) => (k.startsWith('__') ? undefined : v)));
}

/**
 * Stripe's `card_error` for a declined card, as a payment intent (with its charge) and a setup intent both
 * answer it; the card's number never leaves.
 */
export function cardError(
  outcome: Exclude<CardOutcome, 'succeeded'>,
  pm: StripeObject,
  charge?: string,
): Record<string, unknown> {
  return {
    type: 'card_error',
    code: outcome.code,
    ...(outcome.decline_code ? { decline_code: outcome.decline_code } : {}),
    message: outcome.message,
    ...(charge === undefined ? {} : { charge }),
    doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replace(/_/g, '-')}`,
    payment_method: { ...pm, __number: undefined },
  };
}
