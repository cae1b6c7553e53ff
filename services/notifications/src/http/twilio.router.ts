import express, { Router, type Request, type Response } from 'express';
import twilio from 'twilio';
import { AppError, parse } from '@brigade/kit';
import { notificationsHttp } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import { webhookToken } from '../config';
import { answerInboundSms } from '../use-cases/answer-inbound-sms';
import { recordSmsStatus } from '../use-cases/record-sms-status';

const forged = () => new AppError(403, 'NOTIFICATIONS.TWILIO_SIGNATURE_INVALID', 'Invalid Twilio signature');

/**
 * Twilio's two webhooks, public (no user token: Twilio calls them), each refused with 403 unless its
 * X-Twilio-Signature is Twilio's HMAC of the URL it called and the form's fields with our auth token (the
 * official SDK's `validateRequest`). Twilio called the public URL, PUBLIC_URL + `/api` + the path and query; the
 * gateway strips `/api` and passes the rest on unchanged, so that URL is rebuilt from `req.originalUrl`.
 * Nothing is read or stored before the signature holds.
 */
export function twilioRouter(ctx: NotificationsContext): Router {
  const router = Router();
  const token = webhookToken(ctx.config);
  const publicBase = `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/api`;
  const form = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 200 });

  const verified = (req: Request): Record<string, string> => {
    const signature = req.get('x-twilio-signature');
    const body: unknown = req.body;
    const fields =
      body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const allText = Object.values(fields).every((v) => typeof v === 'string');
    if (!token || !signature || !allText || !req.is('application/x-www-form-urlencoded')) throw forged();
    const params = fields as Record<string, string>;
    if (!twilio.validateRequest(token, signature, `${publicBase}${req.originalUrl}`, params)) throw forged();
    // PostgreSQL text holds no NUL: a signed form carrying one is refused, not stored.
    if (Object.entries(params).some(([k, v]) => k.includes('\u0000') || v.includes('\u0000')))
      throw new AppError(400, 'VALIDATION.NUL', 'Text must not contain NUL characters');
    return params;
  };
  const twiml = (res: Response, reply: string | null) => {
    const response = new twilio.twiml.MessagingResponse();
    if (reply) response.message(reply);
    res.type('text/xml').send(response.toString());
  };

  router.post('/notifications/twilio/inbound', form, async (req, res) => {
    const message = parse(notificationsHttp.TwilioInboundForm, verified(req));
    const { reply } = await answerInboundSms(ctx, message);
    twiml(res, reply);
  });
  router.post('/notifications/twilio/status', form, async (req, res) => {
    const status = parse(notificationsHttp.TwilioStatusForm, verified(req));
    const ref = typeof req.query.ref === 'string' && /^\d{1,18}$/.test(req.query.ref) ? req.query.ref : null;
    await recordSmsStatus(ctx, status, ref);
    twiml(res, null);
  });
  return router;
}
