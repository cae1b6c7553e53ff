import { randomUUID } from 'node:crypto';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from '@brigade/kit';
import { checkVapid, decryptPush, VapidError } from './web-push-crypto';
import type { Answer, PushStore, SandboxSubscription } from './store';

/** The largest encrypted body a push service must take (RFC 8030 §7.2: 4096 bytes of payload). */
const MAX_BODY = 4096 + 86 + 17;

/**
 * The body as it came: `Content-Encoding: aes128gcm` is the message's encryption, not a transfer encoding
 * body-parser could undo (it would answer 415), so the bytes are read here, up to MAX_BODY.
 */
function readBody(req: Request, res: Response, next: NextFunction) {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY) {
      refuse(res, 413, 'payload too large (4096 bytes at most)');
      req.destroy();
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (res.headersSent) return;
    req.body = Buffer.concat(chunks);
    next();
  });
  req.on('error', next);
}

const refuse = (res: Response, status: number, reason: string) =>
  void res.status(status).json({ error: reason, code: `PUSH_SANDBOX.${status}` });

/**
 * `POST /push/{id}`: the push service's side of the Web Push protocol (RFC 8030, RFC 8291, RFC 8292) for the
 * subscriptions this sandbox made: the VAPID token checked (signature, `aud` = this origin, expiry, contact,
 * and the key the browser subscribed with), TTL required, an aes128gcm body decrypted with the subscription's
 * keys and kept. 201 with a Location; an unknown subscription 404; the endpoint's set answer otherwise (gone
 * 410, fail 503, hang: no answer until the answer changes).
 */
export function pushServiceRouter(
  store: PushStore,
  deps: { logger: Logger; now: () => Date; origin: () => string },
): Router {
  const router = Router();
  router.post('/push/:id', readBody, (req: Request, res: Response) => {
    const sub = store.subscriptions.get(String(req.params.id));
    if (!sub) return refuse(res, 404, 'no such subscription');
    const ttl = Number(req.header('ttl'));
    if (req.header('ttl') === undefined || !Number.isInteger(ttl) || ttl < 0)
      return refuse(res, 400, 'TTL header required (RFC 8030)');
    const now = deps.now();
    let vapid;
    try {
      vapid = checkVapid(req.header('authorization'), deps.origin(), Math.floor(now.getTime() / 1000));
    } catch (err) {
      if (err instanceof VapidError) return refuse(res, err.status, err.message);
      throw err;
    }
    if (sub.applicationServerKey && sub.applicationServerKey !== vapid.key)
      return refuse(res, 403, 'signed with another key than the subscription was made with');
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (body.length > 0 && req.header('content-encoding') !== 'aes128gcm')
      return refuse(res, 415, 'only aes128gcm bodies (RFC 8291)');
    const answer = (how: Answer) => {
      if (how === 'gone') return refuse(res, 410, 'subscription gone');
      if (how === 'fail') return refuse(res, 503, 'push service unavailable');
      const push = keep(
        store,
        sub,
        body,
        now,
        { ttl, urgency: req.header('urgency'), topic: req.header('topic') },
        vapid,
      );
      res.status(201).location(`/sandbox/push/outbox/${push.id}`).end();
    };
    if (sub.answer !== 'hang') return answer(sub.answer);
    // Hang: hold the request until the endpoint's answer changes (or the client gives up and closes).
    const held = {
      subscriptionId: sub.id,
      release: (how: Answer) => {
        if (res.writableEnded || req.socket.destroyed) return;
        answer(how);
      },
    };
    store.held.add(held);
    res.on('close', () => store.held.delete(held));
    deps.logger.debug({ subscription: sub.id }, 'push held (endpoint hangs)');
  });
  return router;
}

function keep(
  store: PushStore,
  sub: SandboxSubscription,
  body: Buffer,
  now: Date,
  headers: { ttl: number; urgency?: string; topic?: string },
  vapid: { sub: string; aud: string; key: string },
) {
  let payload: string | null = null;
  let decryptError: string | null = null;
  if (body.length > 0)
    try {
      payload = decryptPush(body, sub.keys);
    } catch (err) {
      decryptError = (err as Error).message;
    }
  const push = {
    id: randomUUID(),
    subscription_id: sub.id,
    endpoint: sub.endpoint,
    received_at: now.toISOString(),
    ttl: headers.ttl,
    urgency: headers.urgency ?? 'normal',
    topic: headers.topic ?? null,
    bytes: body.length,
    payload,
    decrypt_error: decryptError,
    vapid: { sub: vapid.sub, aud: vapid.aud, key: vapid.key },
  };
  store.keep(push);
  return push;
}
