import { Router } from 'express';
import { notFound } from '@brigade/kit';
import { findUpload } from '../queries/find-upload';
import type { IdentityContext } from '../context';

/** Public images (logos, profile photos), served with their detected type and no chance of being sniffed as HTML. */
export function uploadsRouter(ctx: IdentityContext): Router {
  const router = Router();
  router.get('/uploads/:file', async (req, res) => {
    const m = /^([0-9a-f-]{36})\.(png|jpg|gif|webp)$/.exec(req.params.file);
    if (!m) throw notFound('Image not found', 'IDENTITY.IMAGE_NOT_FOUND');
    const row = await findUpload(ctx, m[1]);
    if (!row) throw notFound('Image not found', 'IDENTITY.IMAGE_NOT_FOUND');
    res.setHeader('content-type', row.contentType);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('content-security-policy', "default-src 'none'; sandbox");
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res.send(row.bytes);
  });
  return router;
}
