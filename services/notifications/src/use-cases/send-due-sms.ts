import type { NotificationsContext } from '../context';
import {
  claimDueSms,
  finishSms,
  markSmsSent,
  recordSmsAttempt,
  requeueSms,
  suppressClaimedSms,
  type ClaimedSms,
} from '../db/sms.repository';
import { retryDelay } from '../domain/rules';
import { renderSms } from '../domain/templates';
import { SmsSendError, type SmsPort } from '../adapters/sms-port';
import { queueDelivery } from '../db/deliveries.repository';
import { readyToSend, type Ready } from '../queries/ready-to-send';

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
  // Issue 41: who each text's person is now, their toggles and switches, and the names it mentions: one read for
  // the batch.
  const ready = await readyToSend(ctx, claimed);
  for (const [i, row] of claimed.entries()) await sendOne(ctx, sms, row, ready[i], now);
  return claimed.length;
}

async function sendOne(
  ctx: NotificationsContext,
  sms: SmsPort,
  row: ClaimedSms,
  ready: Ready | null,
  now: Date,
) {
  const { database } = ctx;
  if (!ready) {
    // Identity's event may still be on its way: wait like a failed send, then give up.
    return retryOrFail(ctx, row, now, 'recipient unknown', true, 'suppressed');
  }
  // Issue 40: the notification's channels, decided as it is sent (toggles are checked again: a text waiting for a
  // retry obeys a toggle switched off meanwhile). Email (and push) are queued once per notification and channel,
  // each sent by its own loop: a slow mail server never holds up the texts.
  const { recipient, routing, language } = ready;
  for (const channel of routing.channels)
    if (channel !== 'sms')
      await queueDelivery(database, { notificationId: row.id, channel, recipientId: recipient.user_id }, now);
  if (routing.smsOff || !recipient.phone) {
    await suppressClaimedSms(database, row.seq, routing.smsOff ?? 'no_verified_phone');
    return;
  }
  const body = renderSms(row.template, language, ready.context);
  const attempt = { provider: sms.provider, toPhone: recipient.phone, language, body };
  try {
    const { providerId } = await sms.send({ to: recipient.phone, body, ref: row.seq });
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
