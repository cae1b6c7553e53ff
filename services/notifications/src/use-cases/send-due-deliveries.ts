import type { Language } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import {
  claimDueDeliveries,
  endDelivery,
  markDeliverySent,
  requeueDelivery,
  type ClaimedDelivery,
} from '../db/deliveries.repository';
import { renderEmail } from '../domain/email';
import { inboxTextOf } from '../domain/notification-types';
import { retryDelay } from '../domain/rules';
import { renderSms } from '../domain/templates';
import { unsubscribeToken } from '../domain/unsubscribe-token';
import type { MailPort } from '../adapters/mail-port';
import type { PushPort } from '../adapters/push-port';
import { dropPushSubscription, pushSubscriptionsOf } from '../db/push-subscriptions.repository';
import { pushPayloadOf } from '../domain/push';
import type { Recipient } from '../db/read-model.repository';
import type { Routing } from '../queries/channels-for';
import { readyToSend, type Ready } from '../queries/ready-to-send';
import { unsubscribeKey } from '../queries/unsubscribe-key';
import { vapidDetails } from '../queries/vapid-keys';
import type { DeliveryChannel } from '@brigade/contracts';

const LEASE_MS = 2 * 60_000;

export interface DeliveryPorts {
  mail: MailPort | null;
  push: PushPort | null;
}

/**
 * Send the deliveries by `channel` that are due, each claimed with a lease (several instances never send one
 * twice), checked again against the person's address, subscriptions and switches, rendered now in their
 * language, retried with backoff (DELIVERY_RETRY_DELAYS_MS) and then marked failed. Each channel has a loop of
 * its own (the scheduler's): a slow push service never holds up the mail, nor the texts. Pushes of one batch go
 * out side by side, each request cut at PUSH_TIMEOUT_MS, so a hanging push service costs one time-out a batch.
 */
export async function sendDueDeliveries(
  ctx: NotificationsContext,
  ports: DeliveryPorts,
  channel: Exclude<DeliveryChannel, 'sms'>,
  batchSize = 20,
): Promise<number> {
  const now = ctx.now();
  const claimed = await claimDueDeliveries(
    ctx.database,
    channel,
    now,
    new Date(now.getTime() + LEASE_MS),
    batchSize,
  );
  // Issue 41: each one's person as they are now, their switches and the names it mentions: one read for the batch.
  let ready: Array<Ready | null>;
  try {
    ready = await readyToSend(ctx, claimed);
  } catch (err) {
    for (const row of claimed) await retryOrFail(ctx, row, now, (err as Error).message, true);
    return claimed.length;
  }
  if (channel === 'push')
    await Promise.all(claimed.map((row, i) => deliverOne(ctx, ports, row, ready[i], now)));
  else for (const [i, row] of claimed.entries()) await deliverOne(ctx, ports, row, ready[i], now);
  return claimed.length;
}

async function deliverOne(
  ctx: NotificationsContext,
  ports: DeliveryPorts,
  row: ClaimedDelivery,
  ready: Ready | null,
  now: Date,
) {
  const { database } = ctx;
  try {
    if (!ready) return await endDelivery(database, row.seq, 'suppressed', 'recipient unknown');
    // Checked again: an address changed or a switch turned off while this waited is obeyed.
    const { recipient, routing, language } = ready;
    if (!routing.channels.includes(row.channel))
      return await endDelivery(database, row.seq, 'suppressed', `not by ${row.channel} now`);
    const body = renderSms(row.template, language, ready.context);
    const base = ctx.config.PUBLIC_URL.replace(/\/$/, '');
    const { text, link } = inboxTextOf(body, base);
    if (row.channel === 'push') await pushOne(ctx, ports.push, row, { routing, language, link }, now);
    else await mailOne(ctx, ports.mail, row, { recipient, routing, language, text, link, base }, now);
  } catch (err) {
    await retryOrFail(ctx, row, now, (err as Error).message, true);
  }
}

async function retryOrFail(
  ctx: NotificationsContext,
  row: ClaimedDelivery,
  now: Date,
  message: string,
  retryable: boolean,
) {
  ctx.logger.warn(
    { seq: row.seq, channel: row.channel, attempt: row.attempts, err: message, retryable },
    `${row.channel} send failed`,
  );
  const delay = retryable ? retryDelay(row.attempts, ctx.config.DELIVERY_RETRY_DELAYS_MS) : null;
  if (delay === null) await endDelivery(ctx.database, row.seq, 'failed', message);
  else await requeueDelivery(ctx.database, row.seq, new Date(now.getTime() + delay), message);
}

/**
 * A push to each of the person's browsers: the type's title, a generic line and the page, nothing personal. A
 * subscription the push service calls gone (404, 410) is dropped; the delivery is sent when at least one
 * browser's push service took it, retried when none did but one may yet, suppressed when none is left.
 */
async function pushOne(
  ctx: NotificationsContext,
  push: PushPort | null,
  row: ClaimedDelivery,
  m: { routing: Routing; language: Language; link: string | null },
  now: Date,
) {
  const { database } = ctx;
  const subscriptions = await pushSubscriptionsOf(database, row.recipient_id, now);
  if (!push || subscriptions.length === 0)
    return endDelivery(database, row.seq, 'suppressed', 'not by push now');
  const payload = JSON.stringify(pushPayloadOf({ type: m.routing.type, language: m.language, link: m.link }));
  const vapid = await vapidDetails(ctx);
  const outcomes = await Promise.all(subscriptions.map((s) => push.send(s, payload, vapid)));
  const took: string[] = [];
  const failures: string[] = [];
  for (const [i, outcome] of outcomes.entries()) {
    const s = subscriptions[i];
    if (outcome.kind === 'ok') took.push(new URL(s.endpoint).host);
    else if (outcome.kind === 'gone') await dropPushSubscription(database, s.endpoint, s.p256dh);
    else failures.push(`${new URL(s.endpoint).host}: ${outcome.error}`);
  }
  if (took.length > 0)
    return markDeliverySent(
      database,
      row.seq,
      {
        target: took.join(', ').slice(0, 500),
        language: m.language,
        providerId: `${took.length}/${subscriptions.length}`,
      },
      now,
    );
  if (failures.length === 0) return endDelivery(database, row.seq, 'suppressed', 'push subscriptions gone');
  await retryOrFail(ctx, row, now, failures.join('; '), true);
}

async function mailOne(
  ctx: NotificationsContext,
  mail: MailPort | null,
  row: ClaimedDelivery,
  m: {
    recipient: Recipient;
    routing: Routing;
    language: Language;
    text: string;
    link: string | null;
    base: string;
  },
  now: Date,
) {
  const { database } = ctx;
  const { recipient, routing, language, text, link, base } = m;
  if (!mail || !recipient.email) return endDelivery(database, row.seq, 'suppressed', 'not by email now');
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
    const { messageId } = await mail.send({ ...email, to: recipient.email });
    await markDeliverySent(
      database,
      row.seq,
      { target: recipient.email, language, providerId: messageId },
      now,
    );
  } catch (err) {
    const retryable = (err as { retryable?: boolean }).retryable !== false;
    await retryOrFail(ctx, row, now, (err as Error).message, retryable);
  }
}
