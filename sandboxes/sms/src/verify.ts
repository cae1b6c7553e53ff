import { randomInt } from 'node:crypto';
import type { Database } from '@brigade/kit';
import {
  currentVerification,
  insertVerification,
  lastCode,
  lockNumber,
  recordText,
  updateVerification,
  type VerificationRow,
} from './store';
import { isE164, twilioSid, TwilioErrors } from './twilio';

/** Twilio Verify's limits per verification: 5 sends, 5 wrong checks. */
export const MAX_SENDS = 5;
export const MAX_WRONG_CHECKS = 5;

const TEXTS: Record<string, (service: string, code: string, minutes: number) => string> = {
  en: (service, code, minutes) =>
    `Your ${service} verification code is ${code}. It expires in ${minutes} minutes.`,
  es: (service, code, minutes) =>
    `Tu código de verificación de ${service} es ${code}. Vence en ${minutes} minutos.`,
};

export interface VerifyOptions {
  database: Database;
  serviceName: string;
  ttlSeconds: number;
  now: () => Date;
}

const view = (v: VerificationRow, accountSid: string, now: Date) => ({
  sid: v.sid,
  service_sid: v.service_sid,
  account_sid: accountSid,
  to: v.to_phone,
  channel: 'sms',
  status: v.status,
  valid: v.status === 'approved',
  lookup: {},
  amount: null,
  payee: null,
  date_created: new Date(v.created_at).toISOString(),
  date_updated: now.toISOString(),
  url: `https://verify.twilio.com/v2/Services/${v.service_sid}/Verifications/${v.sid}`,
});

/**
 * `POST /v2/Services/{sid}/Verifications`: a pending verification of the number gets its code texted again (the
 * same code, as Twilio does, at most MAX_SENDS times); otherwise a new verification with a new 6-digit code.
 */
export async function createVerification(
  o: VerifyOptions,
  accountSid: string,
  serviceSid: string,
  params: { To?: string; Channel?: string; Locale?: string },
) {
  if (!isE164(params.To)) throw TwilioErrors.invalidParameter('To', params.To);
  if ((params.Channel ?? '') !== 'sms') throw TwilioErrors.invalidParameter('Channel', params.Channel);
  const to = params.To;
  const locale = params.Locale && TEXTS[params.Locale] ? params.Locale : 'en';
  const now = o.now();
  return o.database.transaction(async (tx) => {
    await lockNumber(tx, serviceSid, to);
    let verification = await currentVerification(o.database, tx, serviceSid, to, now);
    if (verification?.status === 'pending') {
      if (verification.send_attempts >= MAX_SENDS) throw TwilioErrors.maxSendAttempts();
      verification = { ...verification, send_attempts: verification.send_attempts + 1, locale };
      await updateVerification(o.database, tx, verification.sid, {
        send_attempts: verification.send_attempts,
      });
    } else {
      const previous = await lastCode(o.database, tx, serviceSid, to);
      let code = previous;
      while (code === previous) code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      verification = {
        sid: twilioSid('VE'),
        service_sid: serviceSid,
        to_phone: to,
        code: code!,
        locale,
        status: 'pending',
        send_attempts: 1,
        wrong_checks: 0,
        created_at: now,
        expires_at: new Date(now.getTime() + o.ttlSeconds * 1000),
      };
      await insertVerification(o.database, tx, verification);
    }
    const minutes = Math.max(1, Math.round(o.ttlSeconds / 60));
    await recordText(o.database, tx, {
      sid: twilioSid('SM'),
      kind: 'verification',
      account_sid: accountSid,
      to_phone: to,
      from_phone: null,
      body: TEXTS[locale](o.serviceName, verification.code, minutes),
      sent_at: now,
    });
    return {
      ...view(verification, accountSid, now),
      send_code_attempts: [{ time: now.toISOString(), channel: 'sms', attempt_sid: twilioSid('VL') }],
    };
  });
}

/**
 * `POST /v2/Services/{sid}/VerificationCheck`: `approved` for the pending code, `pending` for a wrong one; the
 * MAX_WRONG_CHECKS-th wrong check and every check after it answer 429/60202; no verification in its lifetime
 * (never asked, expired, already approved) 404/20404.
 */
export async function checkVerification(
  o: VerifyOptions,
  accountSid: string,
  serviceSid: string,
  path: string,
  params: { To?: string; Code?: string },
) {
  if (!params.To) throw TwilioErrors.invalidParameter('To');
  if (!params.Code) throw TwilioErrors.invalidParameter('Code');
  const to = params.To;
  const now = o.now();
  return o.database
    .transaction(async (tx) => {
      await lockNumber(tx, serviceSid, to);
      const verification = await currentVerification(o.database, tx, serviceSid, to, now);
      if (!verification || verification.status === 'approved' || verification.status === 'expired')
        throw TwilioErrors.notFound(path);
      if (verification.status === 'max_attempts_reached') throw TwilioErrors.maxCheckAttempts();
      if (verification.code === params.Code) {
        await updateVerification(o.database, tx, verification.sid, { status: 'approved' });
        return view({ ...verification, status: 'approved' }, accountSid, now);
      }
      const wrong = verification.wrong_checks + 1;
      if (wrong >= MAX_WRONG_CHECKS) {
        await updateVerification(o.database, tx, verification.sid, {
          status: 'max_attempts_reached',
          wrong_checks: wrong,
        });
        return { maxed: true as const };
      }
      await updateVerification(o.database, tx, verification.sid, { wrong_checks: wrong });
      return view({ ...verification, wrong_checks: wrong }, accountSid, now);
    })
    .then((result) => {
      // The burning check's write commits, then Twilio's answer: 429/60202.
      if ('maxed' in result) throw TwilioErrors.maxCheckAttempts();
      return result;
    });
}
