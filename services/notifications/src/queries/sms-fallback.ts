import type { Database } from '@brigade/kit';
import { fallbackOf, type SmsFallback } from '../db/sms-delivery.repository';
import { inboundTexts, type InboundText } from '../db/sms-inbound.repository';

export type { SmsFallback } from '../db/sms-delivery.repository';

/**
 * Whether a person's texts fall back to push and email (SMS_FAILURES_BEFORE_FALLBACK failed or undelivered texts
 * in a row; a delivered text or START ends it): `{ since, failures_in_a_row }`, or null while texts reach them.
 */
export function smsFallbackOf(database: Database, userId: string): Promise<SmsFallback | null> {
  return fallbackOf(database, userId);
}

/** The texts people sent us (STOP, START, HELP, anything), newest first: what an operator looks at. */
export function smsRepliesReceived(database: Database, from?: string, limit = 100): Promise<InboundText[]> {
  return inboundTexts(database, from, limit);
}
