import type { Language } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import {
  claimDueDeliveries,
  endDelivery,
  markDeliverySent,
  requeueDelivery,
  type ClaimedDelivery,
} from '../db/deliveries.repository';
import { findRecipient } from '../db/read-model.repository';
import { keptSecret } from '../db/secrets.repository';
import { renderEmail } from '../domain/email';
import { inboxTextOf } from '../domain/notification-types';
import { retryDelay } from '../domain/rules';
import { renderSms } from '../domain/templates';
import { unsubscribeToken } from '../domain/unsubscribe-token';
import type { MailPort } from '../adapters/mail-port';
import { channelsFor } from '../queries/channels-for';
import { contextFor } from '../queries/text-context';

const LEASE_MS = 2 * 60_000;

/** The key of the unsubscribe links: UNSUBSCRIBE_SECRET, or the one kept with the data. */
export async function unsubscribeKey(ctx: NotificationsContext): Promise<string> {
  return ctx.config.UNSUBSCRIBE_SECRET ?? keptSecret(ctx.database, 'unsubscribe');
}

/**
 * Send the email (and push) deliveries that are due, each claimed with a lease (several instances never send
 * one twice), checked again against the person's address and switches, rendered now in their language,
 * retried with backoff (DELIVERY_RETRY_DELAYS_MS) and then marked failed.
 */
export async function sendDueDeliveries(
  ctx: NotificationsContext,
  ports: { mail: MailPort | null },
  batchSize = 20,
): Promise<number> {
  const now = ctx.now();
  const claimed = await claimDueDeliveries(ctx.database, now, new Date(now.getTime() + LEASE_MS), batchSize);
  for (const row of claimed) await deliverOne(ctx, ports, row, now);
  return claimed.length;
}

async function deliverOne(
  ctx: NotificationsContext,
  ports: { mail: MailPort | null },
  row: ClaimedDelivery,
  now: Date,
) {
  const { database } = ctx;
  const recipient = await findRecipient(database, row.recipient_id);
  if (!recipient) return endDelivery(database, row.seq, 'suppressed', 'recipient unknown');
  // Checked again: an address changed or a switch turned off while this waited is obeyed.
  const routing = await channelsFor(ctx, recipient, row.template);
  if (!routing.channels.includes(row.channel) || !ports.mail || !recipient.email)
    return endDelivery(database, row.seq, 'suppressed', `not by ${row.channel} now`);
  const vars = (typeof row.vars === 'string' ? JSON.parse(row.vars) : row.vars) as Record<string, unknown>;
  const language: Language = recipient.language === 'es' ? 'es' : 'en';
  const body = renderSms(row.template, language, await contextFor(ctx, recipient, vars));
  const base = ctx.config.PUBLIC_URL.replace(/\/$/, '');
  const { text, link } = inboxTextOf(body, base);
  const token = unsubscribeToken(await unsubscribeKey(ctx), recipient.user_id, routing.type);
  const email = renderEmail({
    language,
    type: routing.type,
    text,
    pageUrl: link ? `${base}${link}` : null,
    // The header's link is the API's one-click POST (RFC 8058); the body's opens the page that says what it did.
    unsubscribeUrl: `${base}/unsubscribe?token=${token}`,
    settingsUrl: `${base}/settings`,
  });
  email.headers['List-Unsubscribe'] = `<${base}/api/notifications/unsubscribe?token=${token}>`;
  try {
    const { messageId } = await ports.mail.send({ ...email, to: recipient.email });
    await markDeliverySent(
      database,
      row.seq,
      { target: recipient.email, language, providerId: messageId },
      now,
    );
  } catch (err) {
    const message = (err as Error).message;
    const retryable = (err as { retryable?: boolean }).retryable !== false;
    ctx.logger.warn({ seq: row.seq, attempt: row.attempts, err: message, retryable }, 'email send failed');
    const delay = retryable ? retryDelay(row.attempts, ctx.config.DELIVERY_RETRY_DELAYS_MS) : null;
    if (delay === null) await endDelivery(database, row.seq, 'failed', message);
    else await requeueDelivery(database, row.seq, new Date(now.getTime() + delay), message);
  }
}
