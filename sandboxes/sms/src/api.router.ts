import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { Database, Logger } from '@brigade/kit';
import { createMessage } from './messages';
import { TwilioError, TwilioErrors } from './twilio';
import { checkVerification, createVerification, type VerifyOptions } from './verify';

/** Who the SDK says it is (HTTP basic auth); the configured credentials when there are some, else any non-empty. */
function accountOf(req: Request, credentials: { sid?: string; token?: string }): string {
  const header = req.get('authorization') ?? '';
  if (!header.startsWith('Basic ')) throw TwilioErrors.authenticate();
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const sid = colon > 0 ? decoded.slice(0, colon) : '';
  const token = colon > 0 ? decoded.slice(colon + 1) : '';
  if (!sid || !token) throw TwilioErrors.authenticate();
  if (credentials.sid && (sid !== credentials.sid || token !== credentials.token))
    throw TwilioErrors.authenticate();
  return sid;
}

/**
 * Twilio's two APIs Brigade uses, as the official SDK calls them (form bodies, basic auth, Twilio's error JSON):
 * Verify v2 (`/v2/Services/{sid}/Verifications`, `/VerificationCheck`) and Messages (`/2010-04-01/...`).
 */
export function twilioApiRouter(options: {
  database: Database;
  logger: Logger;
  credentials: { sid?: string; token?: string };
  verify: VerifyOptions;
  /** A message was taken (its status callbacks follow). */
  onMessage?: (message: {
    sid: string;
    accountSid: string;
    to: string;
    from: string | null;
    callback?: string;
  }) => void;
}): Router {
  const { credentials, verify } = options;
  const router = Router();
  router.use(express.urlencoded({ extended: false, limit: '20kb', parameterLimit: 100 }));
  const handle =
    (fn: (req: Request, accountSid: string) => Promise<unknown>, status: number) =>
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const accountSid = accountOf(req, credentials);
        res.status(status).json(await fn(req, accountSid));
      } catch (err) {
        next(err);
      }
    };
  const body = (req: Request) => (req.body ?? {}) as Record<string, string | undefined>;

  router.post(
    '/v2/Services/:service/Verifications',
    handle((req, account) => createVerification(verify, account, String(req.params.service), body(req)), 201),
  );
  router.post(
    '/v2/Services/:service/VerificationCheck',
    handle(
      (req, account) => checkVerification(verify, account, String(req.params.service), req.path, body(req)),
      200,
    ),
  );
  router.post(
    '/2010-04-01/Accounts/:account/Messages.json',
    handle(async (req, account) => {
      if (req.params.account !== account) throw TwilioErrors.authenticate();
      const params = body(req);
      const message = await createMessage(options.database, verify.now(), account, params);
      options.onMessage?.({
        sid: message.sid,
        accountSid: account,
        to: message.to,
        from: message.from,
        callback: params.StatusCallback || undefined,
      });
      return message;
    }, 201),
  );
  router.use(['/v2', '/2010-04-01'], (req) => {
    throw TwilioErrors.notFound(req.originalUrl.split('?')[0]);
  });
  // Twilio's error shape for anything under its paths (the SDK reads `code` and `status` from it).
  router.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (err instanceof TwilioError) return void res.status(err.status).json(err.body);
    if ((err as { type?: string })?.type === 'entity.too.large')
      return void res.status(413).json(new TwilioError(413, 20400, 'Request too large').body);
    options.logger.error({ err }, 'sms sandbox request failed');
    next(err);
  });
  return router;
}
