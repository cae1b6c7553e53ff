import { Router } from 'express';
import { z } from 'zod';
import { AppError, parse, parseBody } from '@brigade/kit';
import { ANSWERS, subscriptionJson, type PushStore, type SandboxSubscription } from './store';

const SubscribeRequest = z.object({
  /** The VAPID public key the page subscribes with (PushManager's `applicationServerKey`), base64url. */
  applicationServerKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'applicationServerKey must be a base64url P-256 public key')
    .optional(),
});
const AnswerRequest = z.object({ answer: z.enum(ANSWERS) });
const OutboxQuery = z.object({
  /** Only pushes to this subscription (its id, or its endpoint). */
  subscription: z.string().max(64).optional(),
  endpoint: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

const describe = (store: PushStore, s: SandboxSubscription) => ({
  id: s.id,
  ...subscriptionJson(s),
  answer: s.answer,
  held: store.heldFor(s.id),
  created_at: s.created_at,
});

/**
 * The browser's side, under `/sandbox/push`: make a subscription (its keys kept here, so what is pushed to it can
 * be read), set how its endpoint answers, and the outbox of every push received, decrypted.
 */
export function browserRouter(store: PushStore, deps: { now: () => Date; origin: () => string }): Router {
  const router = Router();
  const find = (id: string) => {
    const sub = store.subscriptions.get(id);
    if (!sub) throw new AppError(404, 'PUSH_SANDBOX.NO_SUBSCRIPTION', 'No such subscription');
    return sub;
  };
  router.post('/subscriptions', (req, res) => {
    const body = req.body && typeof req.body === 'object' ? parseBody(SubscribeRequest, req) : {};
    const sub = store.subscribe(deps.origin(), body.applicationServerKey ?? null, deps.now());
    res.status(201).json(subscriptionJson(sub));
  });
  router.get('/subscriptions/:id', (req, res) => {
    res.json(describe(store, find(String(req.params.id))));
  });
  router.put('/subscriptions/:id/answer', (req, res) => {
    const { answer } = parseBody(AnswerRequest, req);
    find(String(req.params.id));
    res.json(describe(store, store.setAnswer(String(req.params.id), answer)!));
  });
  router.get('/outbox', (req, res) => {
    const query = parse(OutboxQuery, req.query);
    res.setHeader('cache-control', 'no-store');
    res.json({ pushes: store.outbox(query) });
  });
  return router;
}
