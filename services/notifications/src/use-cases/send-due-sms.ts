import { LIVE_CHANNELS, reachableChannels, type Language, type Reach } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { findRecipient } from '../db/read-model.repository';
import {
  claimDueSms,
  finishSms,
  markSmsSent,
  recordSmsAttempt,
  requeueSms,
  suppressClaimedSms,
  type ClaimedSms,
} from '../db/sms.repository';
import { preferencesFor, retryDelay } from '../domain/rules';
import { renderSms } from '../domain/templates';
import { contextFor } from '../queries/text-context';
import { SmsSendError, type SmsPort } from '../adapters/sms-port';
import { getPreferences } from '../db/preferences.repository';
import { channelChoice } from '../db/channel-preferences.repository';
import { notificationTypeOf } from '../domain/notification-types';

/** Where a notification can reach a person with a verified phone: the channels that deliver (LIVE_CHANNELS). */
const DELIVERING: Reach = {
  sms: true,
  push: LIVE_CHANNELS.includes('push'),
  email: LIVE_CHANNELS.includes('email'),
};

/** A claimed text stays with its instance this long; a crashed instance's texts are picked up after it. */
const LEASE_MS = 2 * 60_000;

/**
 * Send queued texts that are due. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several
 * instances never send the same text; each attempt is recorded; a failure is retried with backoff and then
 * marked failed. Names and language are resolved now, so a text always uses the recipient's latest ones.
 */
export async function sendDueSms(ctx: NotificationsContext, sms: SmsPort, batchSize = 20): Promise<number> {
  const now = ctx.now();
  const claimed = await claimDueSms(ctx.database, now, new Date(now.getTime() + LEASE_MS), batchSize);
  claimed.sort((a, b) => Number(a.seq) - Number(b.seq));
  for (const row of claimed) await sendOne(ctx, sms, row, now);
  return claimed.length;
}

async function sendOne(ctx: NotificationsContext, sms: SmsPort, row: ClaimedSms, now: Date) {
  const { database } = ctx;
  const recipient = await findRecipient(database, row.recipient_id);
  if (!recipient) {
    // Identity's event may still be on its way: wait like a failed send, then give up.
    return retryOrFail(ctx, row, now, 'recipient unknown', true, 'suppressed');
  }
  if (!recipient.phone || !recipient.phone_verified) {
    await suppressClaimedSms(database, row.seq, 'no_verified_phone');
    return;
  }
  // Toggles are checked again at send time: a text waiting for a retry obeys a toggle switched off meanwhile.
  const prefs = await getPreferences(database, recipient.user_id);
  const off = preferencesFor(row.template).find((p) => !prefs[p]);
  if (off) {
    await suppressClaimedSms(database, row.seq, `preference:${off}`);
    return;
  }
  // Issue 40: the channels the person chose for this type of notification. While SMS is the one channel that
  // delivers, a type left at its defaults is texted as before; one the person set without SMS is not.
  const type = notificationTypeOf(row.template);
  const choice = await channelChoice(database, recipient.user_id, type);
  if (!reachableChannels(choice.switches, DELIVERING, { chosen: choice.chosen }).includes('sms')) {
    await suppressClaimedSms(database, row.seq, `channel:${type}`);
    return;
  }
  const vars = (typeof row.vars === 'string' ? JSON.parse(row.vars) : row.vars) as Record<string, unknown>;
  const language: Language = recipient.language === 'es' ? 'es' : 'en';
  const body = renderSms(row.template, language, await contextFor(ctx, recipient, vars));
  const attempt = { provider: sms.provider, toPhone: recipient.phone, language, body };
  try {
    const { providerId } = await sms.send({ to: recipient.phone, body });
    await markSmsSent(database, row.seq, { ...attempt, providerId }, now);
  } catch (err) {
    const retryable = err instanceof SmsSendError ? err.retryable : true;
    await recordSmsAttempt(database, row.seq, attempt);
    ctx.logger.warn(
      { seq: row.seq, attempt: row.attempts, err: (err as Error).message, retryable },
      'sms send failed',
    );
    await retryOrFail(ctx, row, now, (err as Error).message, retryable, 'failed');
  }
}

async function retryOrFail(
  ctx: NotificationsContext,
  row: ClaimedSms,
  now: Date,
  error: string,
  retryable: boolean,
  finalStatus: 'failed' | 'suppressed',
) {
  const delay = retryable ? retryDelay(row.attempts, ctx.config.SMS_RETRY_DELAYS_MS) : null;
  if (delay !== null) {
    await requeueSms(ctx.database, row.seq, new Date(now.getTime() + delay), error.slice(0, 500));
    return;
  }
  await finishSms(ctx.database, row.seq, finalStatus, error.slice(0, 500));
}
