import { Router, type RequestHandler } from 'express';
import { jobsHttp } from '@brigade/contracts';
import { currentUser, parse, requireRole, uuidParam } from '@brigade/kit';
import type { JobsContext } from '../context';
import { JobsErrors } from '../domain/errors';
import { isFavorite, listFavorites } from '../queries/favorite-views';
import { addFavorite } from '../use-cases/add-favorite';
import { removeFavorite } from '../use-cases/remove-favorite';

/** The restaurant's roster of favorite chefs (restaurants only). */
export function favoritesRouter(ctx: JobsContext, auth: RequestHandler): Router {
  const router = Router();
  const { database } = ctx;
  const restaurantOnly = requireRole('restaurant');
  const chefId = (req: Parameters<RequestHandler>[0]) =>
    uuidParam(req, 'id', JobsErrors.chefNotFound().message, 'JOBS.CHEF_NOT_FOUND');

  router.get('/favorites', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    const { sortBy } = parse(jobsHttp.FavoritesQuery, req.query);
    res.json({ favorites: await listFavorites(ctx, user.id, sortBy ?? 'recent') });
  });

  router.post('/favorites/chef/:id', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    const { id, created } = await addFavorite(ctx, user.id, chefId(req));
    const [favorite] = await listFavorites(ctx, user.id, 'recent', id);
    res.status(created ? 201 : 200).json({ favorite });
  });

  const remove: RequestHandler = async (req, res) => {
    const user = currentUser(req);
    await removeFavorite(ctx, user.id, chefId(req));
    res.json({ isFavorite: false });
  };
  router.delete('/favorites/chef/:id', auth, restaurantOnly, remove);
  router.delete('/favorites/worker/:id', auth, restaurantOnly, remove);

  router.get('/favorites/chef/:id/status', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    res.json({ isFavorite: await isFavorite(database, user.id, chefId(req)) });
  });

  return router;
}
