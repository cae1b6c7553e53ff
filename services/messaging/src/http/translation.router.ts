import type { messagingHttp } from '@brigade/contracts';
import { Router, type RequestHandler } from 'express';
import type { Translator } from '../adapters/translation-port';
import type { MessagingContext } from '../context';

/** `{ provider, pairs }` of the translator picked at start: pairs [] when none is. */
export function translationStatus(translator: Translator): messagingHttp.TranslationStatusResponse {
  return {
    provider: translator.provider,
    pairs: translator.enabled ? [...translator.pairs] : [],
  };
}

/** GET /messages/translation: which translator is active (any signed-in account: `auth`). */
export function translationRouter(ctx: MessagingContext, auth: RequestHandler): Router {
  const router = Router();
  router.get('/messages/translation', auth, (_req, res) => {
    res.json(translationStatus(ctx.translator));
  });
  return router;
}
