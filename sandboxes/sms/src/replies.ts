import express, { Router } from 'express';
import { z } from 'zod';
import { AppError, parseBody, type Database, type Logger } from '@brigade/kit';
import { clearFaults, putFault, recordText, setTextStatus, takeFault } from './store';
import { isE164, twilioSid } from './twilio';
import { postSigned, twimlMessages } from './webhooks';

/** Twilio's usual codes for a text that did not arrive: 30003 unreachable handset, 30005 unknown number. */
const DEFAULT_ERROR: Record<'failed' | 'undelivered', string> = { failed: '30005', undelivered: '30003' };

export const FaultRequest = z.object({
  to: z.string().refine(isE164, 'to must be a phone number in E.164 form, like +16125550100'),
  status: z.enum(['failed', 'undelivered']).default('undelivered'),
  error_code: z
    .string()
    .regex(/^\d{5}$/, 'error_code is a 5-digit Twilio code')
    .optional(),
  /** how many texts to the number meet the fault (none: every one until cleared) */
  count: z.number().int().positive().max(10_000).optional(),
});

export const InboundRequest = z.object({
  from: z.string().refine(isE164, 'from must be a phone number in E.164 form, like +16125550100'),
  body: z.string().max(1600),
  /** the Brigade number texted (default: the sandbox's sending number) */
  to: z.string().max(32).optional(),
});

const SANDBOX_NUMBER = '+15005550006';

/**
 * What Twilio does after it takes a text, and when someone texts back, for the sandbox: each message asked for
 * status callbacks (`StatusCallback`) gets `sent` then `delivered`, or `failed` / `undelivered` with an error code
 * when a fault is set for its number; an inbound text is posted to the inbound webhook and the TwiML `<Message>`
 * answered is texted back (into the outbox). Every webhook is signed with the sandbox's auth token, as Twilio
 * signs with the account's. Callbacks run after the Messages API answered (as Twilio's come later); `settled()`
 * waits for those under way.
 */
export class SmsReplies {
  private readonly pending = new Set<Promise<void>>();
  private inboundUrl: string | null;
  private readonly routes: Array<[string, string]> = [];

  constructor(
    private readonly options: {
      database: Database;
      logger: Logger;
      authToken: string;
      inboundUrl?: string;
      now: () => Date;
    },
  ) {
    this.inboundUrl = options.inboundUrl ?? null;
  }

  /** Where texts to Brigade are posted (Twilio's "A message comes in" webhook of the number). */
  setInboundUrl(url: string) {
    this.inboundUrl = url;
  }

  /**
   * Webhooks addressed under `prefix` are sent to `address` instead, still signed for the URL Twilio would call
   * (a test standing in for the gateway in front of a service).
   */
  forward(prefix: string, address: string) {
    this.routes.push([prefix.replace(/\/$/, ''), address.replace(/\/$/, '')]);
  }

  private reach = (url: string) => {
    const route = this.routes.find(([prefix]) => url.startsWith(prefix));
    return route ? route[1] + url.slice(route[0].length) : url;
  };

  /** A message was taken: its callbacks follow, once the API has answered. */
  afterMessage(message: {
    sid: string;
    accountSid: string;
    to: string;
    from: string | null;
    callback?: string;
  }) {
    const run = (async () => {
      await new Promise((resolve) => setImmediate(resolve));
      const fault = await takeFault(this.options.database, message.to);
      const end = fault ? fault.status : 'delivered';
      const errorCode = fault ? fault.error_code : null;
      await setTextStatus(this.options.database, message.sid, end, errorCode);
      if (!message.callback) return;
      const base = {
        AccountSid: message.accountSid,
        MessageSid: message.sid,
        SmsSid: message.sid,
        To: message.to,
        From: message.from ?? SANDBOX_NUMBER,
        ApiVersion: '2010-04-01',
      };
      for (const [status, code] of [
        ['sent', null],
        [end, errorCode],
      ] as const) {
        const params = {
          ...base,
          MessageStatus: status,
          SmsStatus: status,
          ...(code ? { ErrorCode: code } : {}),
        };
        const answer = await postSigned(message.callback, params, this.options.authToken, this.reach);
        if (answer.status >= 400)
          this.options.logger.warn({ sid: message.sid, status: answer.status }, 'status callback refused');
      }
    })().catch((err: unknown) =>
      this.options.logger.warn({ err, sid: message.sid }, 'sms sandbox: status callback failed'),
    );
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  /** Every callback under way has been answered. */
  async settled() {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Someone texts Brigade: posted signed to the inbound webhook; its TwiML reply is texted back. */
  async inbound(input: z.infer<typeof InboundRequest>) {
    if (!this.inboundUrl)
      throw new AppError(409, 'SANDBOX.NO_INBOUND_URL', 'The SMS sandbox has no inbound webhook to post to');
    const sid = twilioSid('SM');
    const to = input.to ?? SANDBOX_NUMBER;
    const params = {
      AccountSid: `AC${'0'.repeat(32)}`,
      MessageSid: sid,
      SmsSid: sid,
      SmsMessageSid: sid,
      From: input.from,
      To: to,
      Body: input.body,
      NumMedia: '0',
      NumSegments: '1',
      ApiVersion: '2010-04-01',
    };
    const answer = await postSigned(this.inboundUrl, params, this.options.authToken, this.reach);
    const replies = answer.status < 300 ? twimlMessages(answer.text) : [];
    for (const body of replies)
      await recordText(this.options.database, undefined, {
        sid: twilioSid('SM'),
        kind: 'message',
        account_sid: params.AccountSid,
        to_phone: input.from,
        from_phone: to,
        body,
        sent_at: this.options.now(),
        status: 'delivered',
      });
    return { sid, status: answer.status, replies };
  }

  /** `/sandbox/sms/inbound` and `/sandbox/sms/faults` (outside production only). */
  router(): Router {
    const router = Router();
    router.use(express.json({ limit: '20kb' }));
    router.post('/inbound', async (req, res) => {
      res.json(await this.inbound(parseBody(InboundRequest, req)));
    });
    router.post('/faults', async (req, res) => {
      const f = parseBody(FaultRequest, req);
      await putFault(this.options.database, {
        to_phone: f.to,
        status: f.status,
        error_code: f.error_code ?? DEFAULT_ERROR[f.status],
        remaining: f.count ?? null,
      });
      res.status(201).json({ to: f.to, status: f.status, count: f.count ?? null });
    });
    router.delete('/faults', async (req, res) => {
      const to = typeof req.query.to === 'string' ? req.query.to : undefined;
      await clearFaults(this.options.database, to);
      res.status(204).end();
    });
    return router;
  }
}
