import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { CREDENTIAL_FILE_MAX_BYTES } from '@brigade/contracts';
import { AppError, currentUser, requireRole, requireUser } from '@brigade/kit';
import type { IdentityContext } from '../context';
import { CredentialErrors } from '../domain/credential-errors';
import { listOwnCredentials, readCredentialFile } from '../queries/credential-views';
import { addCredential } from '../use-cases/add-credential';
import { formBody } from './form';

/** Multipart with one file, in the field `file`, of at most 5 MB (a larger one is 413, never read whole). */
function credentialUpload() {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: CREDENTIAL_FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 4 * 1024, parts: 12 },
  }).single('file');
  return (req: Request, res: Response, next: NextFunction) =>
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(CredentialErrors.fileTooLarge());
        if (err.code === 'LIMIT_UNEXPECTED_FILE')
          return next(
            new AppError(400, 'IDENTITY.UNEXPECTED_FILE', 'Only one file, in the field "file", is accepted'),
          );
        return next(new AppError(400, 'IDENTITY.BAD_FORM', `Invalid form data: ${err.message}`));
      }
      next(new AppError(400, 'IDENTITY.BAD_FORM', 'Invalid form data'));
    });
}

/**
 * Issue 39: a chef's credentials (`POST /credentials` multipart, `GET /credentials`) and the embedded file store's
 * signed file URLs (`GET /credential-files/{token}`: no access token, the signature is the key; 5 minutes).
 */
export function credentialsRouter(ctx: IdentityContext): Router {
  const router = Router();
  router.get('/credential-files/:token', async (req, res) => {
    const file = await readCredentialFile(ctx, req.params.token);
    res.setHeader('content-type', file.contentType);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('content-disposition', 'inline');
    res.setHeader('cache-control', 'private, no-store');
    // an image can run nothing; a PDF opens in the browser's own viewer (a sandboxed document would refuse it)
    res.setHeader(
      'content-security-policy',
      file.contentType === 'application/pdf' ? "default-src 'none'" : "default-src 'none'; sandbox",
    );
    res.send(file.bytes);
  });
  router.use('/credentials', requireUser(ctx.keyRing.keys, ctx.revocations), requireRole('chef'));
  router.post('/credentials', credentialUpload(), async (req, res) => {
    res.status(201).json(await addCredential(ctx, currentUser(req).id, formBody(req), req.file));
  });
  router.get('/credentials', async (req, res) => {
    res.json(await listOwnCredentials(ctx, currentUser(req).id));
  });
  return router;
}
