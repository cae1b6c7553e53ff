import type { Database } from '@brigade/kit';
import { recordText } from './store';
import { isE164, twilioSid, TwilioErrors } from './twilio';

/** `POST /2010-04-01/Accounts/{sid}/Messages.json`: the text goes into the outbox; Twilio's Message back. */
export async function createMessage(
  database: Database,
  now: Date,
  accountSid: string,
  params: {
    To?: string;
    From?: string;
    MessagingServiceSid?: string;
    Body?: string;
    StatusCallback?: string;
  },
) {
  if (!isE164(params.To)) throw TwilioErrors.invalidTo(params.To ?? '');
  if (!params.From && !params.MessagingServiceSid) throw TwilioErrors.missingFrom();
  if (!params.Body) throw TwilioErrors.missingBody();
  const sid = twilioSid('SM');
  await recordText(database, undefined, {
    sid,
    kind: 'message',
    account_sid: accountSid,
    to_phone: params.To,
    from_phone: params.From ?? null,
    body: params.Body,
    sent_at: now,
    status: 'queued',
  });
  const at = now.toUTCString().replace('GMT', '+0000');
  return {
    sid,
    account_sid: accountSid,
    api_version: '2010-04-01',
    body: params.Body,
    date_created: at,
    date_updated: at,
    date_sent: null,
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: params.From ?? null,
    messaging_service_sid: params.MessagingServiceSid ?? null,
    num_media: '0',
    num_segments: String(Math.max(1, Math.ceil(params.Body.length / 160))),
    price: null,
    price_unit: 'USD',
    status: 'queued',
    to: params.To,
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
  };
}
