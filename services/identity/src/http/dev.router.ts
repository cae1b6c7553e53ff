import { Router } from 'express';
import type { SandboxVerifier } from '../adapters/verify';

/** The sandbox's outbox of verification texts (mounted only while the SMS sandbox is active). */
export function devRouter(verifier: SandboxVerifier): Router {
  const router = Router();
  router.get('/dev/sms', async (_req, res) => {
    res.json({ messages: await verifier.outbox() });
  });
  return router;
}
