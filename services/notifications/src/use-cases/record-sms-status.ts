import type { notificationsHttp } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import {
  countFailure,
  lockTextForStatus,
  recordReached,
  setDeliveryStatus,
  startFallback,
} from '../db/sms-delivery.repository';
import { deliveryStatusOf, isFailure, nextDeliveryStatus } from '../domain/sms-delivery';
import { queueSms } from './queue-sms';

export type StatusResult = 'changed' | 'unchanged' | 'unknown';

/**
 * Twilio's status callback for a text we sent (signature already checked): the text is marked sent, delivered,
 * undelivered or failed with Twilio's error code, never backwards. Each text that ends failed or undelivered adds
 * to its recipient's run of failures; at SMS_FAILURES_BEFORE_FALLBACK in a row the person is recorded as falling
 * back (`smsFallbackOf`: push and email carry their notifications), and a delivered text ends the run. One
 * transaction with the text's row locked: two callbacks of one text never both count.
 *
 * `ref` is the text's seq from the callback URL: a callback that overtakes the recording of Twilio's sid (Twilio
 * can call back before its answer to the send is recorded) still finds its text. An unknown sid changes nothing.
 */
export async function recordSmsStatus(
  ctx: NotificationsContext,
  form: notificationsHttp.TwilioStatusForm,
  ref: string | null,
): Promise<StatusResult> {
  const incoming = deliveryStatusOf(form.MessageStatus);
  if (!incoming) return 'unchanged';
  const now = ctx.now();
  if (!isFailure(incoming)) {
    // the common case, one statement: the text reached the carrier or the phone
    const { found, changed } = await recordReached(ctx.database, form.MessageSid, ref, incoming, now);
    return !found ? 'unknown' : changed ? 'changed' : 'unchanged';
  }
  return ctx.database.transaction(async (tx) => {
    const text = await lockTextForStatus(ctx.database, tx, form.MessageSid, ref);
    if (!text) return 'unknown';
    const next = nextDeliveryStatus(text.delivery_status, incoming);
    if (!next) return 'unchanged';
    const errorCode = isFailure(next) ? (form.ErrorCode ?? null) : null;
    await setDeliveryStatus(ctx.database, tx, text.seq, next, errorCode, now);
    if (isFailure(next)) {
      const run = await countFailure(ctx.database, tx, text.recipient_id, now);
      if (!run.fallingBack && run.failures >= ctx.config.SMS_FAILURES_BEFORE_FALLBACK) {
        await startFallback(ctx.database, tx, text.recipient_id, now);
        // The person is told, by the channels that still reach them (push, email) and the inbox.
        await queueSms(ctx, tx, {
          recipientId: text.recipient_id,
          template: 'sms_fallback_started',
          vars: {},
          dedupeKey: `sms-fallback:${text.recipient_id}:${now.toISOString()}`,
        });
        ctx.logger.warn(
          { recipient: text.recipient_id, failures: run.failures },
          'sms falling back to push and email',
        );
      }
    }
    return 'changed';
  });
}
