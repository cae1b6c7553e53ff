import type { Language, notificationsHttp } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { resetFailures } from '../db/sms-delivery.repository';
import { inboundSeen, recipientsByPhone, recordInbound } from '../db/sms-inbound.repository';
import { KEYWORD_REPLIES, keywordOf, type InboundAction, type Keyword } from '../domain/sms-keywords';
import { updatePreferences } from './update-preferences';

const ACTIONS: Record<Keyword, InboundAction> = { stop: 'opted_out', start: 'opted_in', help: 'helped' };

/**
 * A text someone sent us (Twilio's inbound webhook, signature already checked). STOP and its kin turn SMS
 * Notifications off for every person with that number (the settings' master toggle, through the same use case
 * as the settings screen: nothing more is texted, queued texts are suppressed at send time); START turns it back
 * on and ends an SMS fallback; HELP is answered. Any other text, or a number we do not know, changes nothing.
 * Every text is recorded for operators, once per Twilio message (a webhook Twilio repeats does nothing again).
 *
 * The reply goes back as TwiML (the answer to the webhook), which is how Twilio expects a reply to a text, and
 * costs no second API call. Twilio's own opt-out handling (Advanced Opt-Out, on by default for the English
 * keywords) answers STOP, START and HELP itself and says so with `OptOutType`: then we stay silent, as a second
 * confirmation would be noise, and after STOP Twilio would refuse it anyway (error 21610). Without it (the
 * Spanish keywords Twilio does not know, the sandbox, a number with Advanced Opt-Out off) we answer once, as CTIA
 * asks: an opt-out confirmation, an opt-in confirmation, the help text.
 */
export async function answerInboundSms(
  ctx: NotificationsContext,
  form: notificationsHttp.TwilioInboundForm,
): Promise<{ reply: string | null }> {
  if (await inboundSeen(ctx.database, form.MessageSid)) return { reply: null };
  const now = ctx.now();
  const found = keywordOf(form.Body);
  const owners = await recipientsByPhone(ctx.database, form.From);
  let action: InboundAction = !found ? 'ignored' : ACTIONS[found.keyword];
  if (owners.length === 0) action = 'unknown_number';
  else if (found?.keyword === 'stop')
    for (const owner of owners)
      await updatePreferences(ctx.database, owner.user_id, { sms_notifications: false });
  else if (found?.keyword === 'start')
    for (const owner of owners) {
      await updatePreferences(ctx.database, owner.user_id, { sms_notifications: true });
      await resetFailures(ctx.database, owner.user_id, now);
    }

  const answeredByTwilio = Boolean(form.OptOutType);
  // Unknown numbers are told what Brigade is when they ask (HELP), and nothing else.
  const answers = found && !answeredByTwilio && (owners.length > 0 || found.keyword === 'help');
  const language: Language = found?.language ?? (owners[0]?.language === 'es' ? 'es' : 'en');
  const reply = answers
    ? KEYWORD_REPLIES[found.keyword][language](ctx.config.PUBLIC_URL.replace(/\/$/, ''))
    : null;
  await recordInbound(
    ctx.database,
    {
      messageSid: form.MessageSid,
      from: form.From,
      to: form.To ?? null,
      body: form.Body,
      keyword: found?.word ?? null,
      action,
      recipientIds: owners.map((o) => o.user_id),
      reply,
    },
    now,
  );
  if (found?.keyword === 'stop' && owners.length > 0)
    ctx.logger.info({ recipients: owners.map((o) => o.user_id) }, 'sms opt-out by reply');
  return { reply };
}
