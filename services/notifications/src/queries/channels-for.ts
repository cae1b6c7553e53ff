import {
  reachableChannels,
  type DeliveryChannel,
  type NotificationType,
  type Reach,
} from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import type { SendFacts } from '../db/send-facts.repository';
import { notificationTypeOf } from '../domain/notification-types';
import { preferencesFor, type TemplateName } from '../domain/rules';

/** How one notification goes out: its type, its channels (beside the inbox), and why SMS is not one of them. */
export interface Routing {
  type: NotificationType;
  channels: DeliveryChannel[];
  /** Why there is no text (recorded on the text's row): a toggle, no verified phone, the type's switches. */
  smsOff: string | null;
}

/**
 * The channels of one notification to a person, from what `sendFactsOf` read of them as the batch was claimed (a
 * text waiting for a retry obeys a toggle switched off meanwhile): the spec's reminder toggles hold for every
 * channel, SMS needs a verified phone and SMS on (not STOPped), email a verified address and a mail server, push a
 * live subscription of a browser; then the person's switches for the type decide (contracts' `reachableChannels`).
 */
export function routeOf(
  ctx: Pick<NotificationsContext, 'config'>,
  facts: SendFacts,
  template: TemplateName,
): Routing {
  const { recipient, preferences: prefs } = facts;
  const type = notificationTypeOf(template);
  const toggleOff = preferencesFor(template).find((p) => p !== 'sms_notifications' && !prefs[p]);
  const phone = !!recipient.phone && recipient.phone_verified;
  if (toggleOff)
    return { type, channels: [], smsOff: phone ? `preference:${toggleOff}` : 'no_verified_phone' };
  const reach: Reach = {
    sms: phone && prefs.sms_notifications,
    push: facts.push,
    email: !!ctx.config.SMTP_URL && !!recipient.email && recipient.email_verified === true,
  };
  // Texts that keep failing (Twilio's callbacks): push and email carry SMS's share.
  const smsFallback = facts.fallback !== null && reach.sms;
  const channels = reachableChannels(facts.choice.switches, reach, {
    chosen: facts.choice.chosen,
    smsFallback,
  });
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
