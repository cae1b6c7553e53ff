import {
  reachableChannels,
  type DeliveryChannel,
  type NotificationType,
  type Reach,
} from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { channelChoice } from '../db/channel-preferences.repository';
import { getPreferences } from '../db/preferences.repository';
import { hasPushSubscription } from '../db/push-subscriptions.repository';
import type { Recipient } from '../db/read-model.repository';
import { notificationTypeOf } from '../domain/notification-types';
import { preferencesFor, type TemplateName } from '../domain/rules';
import { smsFallbackOf } from './sms-fallback';

/** How one notification goes out: its type, its channels (beside the inbox), and why SMS is not one of them. */
export interface Routing {
  type: NotificationType;
  channels: DeliveryChannel[];
  /** Why there is no text (recorded on the text's row): a toggle, no verified phone, the type's switches. */
  smsOff: string | null;
}

/**
 * The channels of one notification to `recipient`, now: the spec's reminder toggles hold for every channel, SMS
 * needs a verified phone and SMS on (not STOPped), email a verified address and a mail server, push a live
 * subscription of a browser; then the person's switches for the type decide (contracts' `reachableChannels`).
 */
export async function channelsFor(
  ctx: Pick<NotificationsContext, 'database' | 'config' | 'now'>,
  recipient: Recipient,
  template: TemplateName,
): Promise<Routing> {
  const type = notificationTypeOf(template);
  const prefs = await getPreferences(ctx.database, recipient.user_id);
  const toggleOff = preferencesFor(template).find((p) => p !== 'sms_notifications' && !prefs[p]);
  const phone = !!recipient.phone && recipient.phone_verified;
  if (toggleOff)
    return { type, channels: [], smsOff: phone ? `preference:${toggleOff}` : 'no_verified_phone' };
  const reach: Reach = {
    sms: phone && prefs.sms_notifications,
    push: await hasPushSubscription(ctx.database, recipient.user_id, ctx.now()),
    email: !!ctx.config.SMTP_URL && !!recipient.email && recipient.email_verified === true,
  };
  const [choice, fallback] = await Promise.all([
    channelChoice(ctx.database, recipient.user_id, type),
    smsFallbackOf(ctx.database, recipient.user_id),
  ]);
  // Texts that keep failing (Twilio's callbacks): push and email carry SMS's share.
  const smsFallback = fallback !== null && reach.sms;
  const channels = reachableChannels(choice.switches, reach, { chosen: choice.chosen, smsFallback });
  const smsOff = channels.includes('sms')
    ? null
    : !phone
      ? 'no_verified_phone'
      : !prefs.sms_notifications
        ? 'preference:sms_notifications'
        : smsFallback
          ? 'sms_fallback'
          : `channel:${type}`;
  return { type, channels, smsOff };
}
