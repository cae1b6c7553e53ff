import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import {
  AppError,
  currentAccount,
  currentUser,
  expressGet,
  getRoute,
  parse,
  parseBody,
  requireRole,
  requireUser,
  sendJson,
  type GetRoute,
} from '@brigade/kit';
import { identityHttp } from '@brigade/contracts';
import type { IdentityContext } from '../context';
import { IMAGE_MAX_BYTES } from '../domain/images';
import { IdentityErrors } from '../domain/errors';
import { getChefProfile, getMe, getOwnProfile, getRestaurantProfile } from '../queries/get-profiles';
import { saveChefProfile } from '../use-cases/save-chef-profile';
import { saveRestaurantProfile } from '../use-cases/save-restaurant-profile';
import { searchChefs } from '../queries/search-chefs';
import { updateLanguage } from '../use-cases/update-language';
import { formBody } from './form';

/** Multipart with one optional image; JSON bodies pass through untouched. Multer errors become 400s. */
function imageUpload(field: 'logo' | 'profileImage') {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 40 },
  }).single(field);
  return (req: Request, res: Response, next: NextFunction) =>
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE')
          return next(
            field === 'logo' ? IdentityErrors.logoTooLarge() : IdentityErrors.profileImageTooLarge(),
          );
        if (err.code === 'LIMIT_UNEXPECTED_FILE')
          return next(
            new AppError(
              400,
              'IDENTITY.UNEXPECTED_FILE',
              `Only one image, in the field "${field}", is accepted`,
            ),
          );
        return next(new AppError(400, 'IDENTITY.BAD_FORM', `Invalid form data: ${err.message}`));
      }
      next(new AppError(400, 'IDENTITY.BAD_FORM', 'Invalid form data'));
    });
}

/**
 * GET /profiles/chefs, the restaurants' chef search (ADR 16), served by Express and by the lean path in front
 * of it (ADR 19). The body is JSON text already: a kept answer is sent as it was written.
 */
export function chefSearchGet(ctx: IdentityContext): GetRoute {
  return getRoute({
    path: '/profiles/chefs',
    query: identityHttp.ChefSearchQuery,
    async answer({ res, user, query }) {
      sendJson(res, await searchChefs(ctx, user, query));
    },
  });
}

/** The profile routes; `chefSearch` (`chefSearchGet`) is also served by the lean path. */
export function profilesRouter(ctx: IdentityContext, chefSearch: GetRoute): Router {
  const router = Router();
  // The account itself and its language: any account, operators too (they have no profile).
  const anyAccount = requireUser(ctx.keyRing.keys, ctx.revocations, 'all');
  router.get('/profiles/me', anyAccount, async (req, res) => {
    res.json(await getMe(ctx, currentAccount(req).id));
  });
  router.patch('/profiles/me', anyAccount, async (req, res) => {
    const body = parseBody(identityHttp.UpdateMeRequest, req);
    res.json(await updateLanguage(ctx, currentAccount(req).id, body.language_preference));
  });
  // Profiles, search: chefs and restaurants only (an operator's token is a 403).
  router.use('/profiles', requireUser(ctx.keyRing.keys, ctx.revocations));
  router.post('/profiles/restaurant', requireRole('restaurant'), imageUpload('logo'), async (req, res) => {
    const form = parse(identityHttp.RestaurantProfileForm, formBody(req));
    res.json(await saveRestaurantProfile(ctx, currentUser(req).id, form, req.file));
  });
  router.post('/profiles/chef', requireRole('chef'), imageUpload('profileImage'), async (req, res) => {
    const form = parse(identityHttp.ChefProfileForm, formBody(req));
    res.json(await saveChefProfile(ctx, currentUser(req).id, form, req.file));
  });
  router.get(chefSearch.path, expressGet(chefSearch));
  router.get('/profiles/chef/:id', async (req, res) => {
    res.json(await getChefProfile(ctx, req.params.id));
  });
  router.get('/profiles/restaurant/:id', async (req, res) => {
    res.json(await getRestaurantProfile(ctx, req.params.id));
  });
  router.get('/profiles/:user_type', async (req, res) => {
    res.json(await getOwnProfile(ctx, currentUser(req), req.params.user_type));
  });
  return router;
}
