import { Router } from 'express';
import { buildOpenApi } from '@brigade/contracts/openapi';
import { docsPage } from './docs';

/** The API's schema (`/api/openapi.json`, built on first ask) and its readable page (`/api/docs`). */
export function apiDocsRouter(): Router {
  const router = Router();
  let openapi: unknown;
  router.get('/api/openapi.json', (_req, res) => {
    openapi ??= buildOpenApi({ version: '0.1.0' });
    res.json(openapi);
  });
  router.get('/api/docs', (_req, res) => {
    res.type('html').send(docsPage());
  });
  return router;
}
