import { Router, type RequestHandler } from 'express';
import { shiftTemplatesHttp } from '@brigade/contracts';
import { currentUser, parseBody, requireRole, uuidParam } from '@brigade/kit';
import type { JobsContext } from '../context';
import { JobsErrors } from '../domain/errors';
import { listTemplates } from '../queries/shift-template-views';
import { createShiftTemplate } from '../use-cases/create-shift-template';
import { deleteShiftTemplate } from '../use-cases/delete-shift-template';

/** A restaurant's shift templates (issue 35; restaurants only, each sees its own). */
export function shiftTemplatesRouter(ctx: JobsContext, auth: RequestHandler): Router {
  const router = Router();
  const restaurantOnly = requireRole('restaurant');

  router.get('/shift-templates', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    const answer: shiftTemplatesHttp.ShiftTemplatesResponse = {
      templates: await listTemplates(ctx.database, user.id),
    };
    res.json(answer);
  });

  router.post('/shift-templates', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    const input = parseBody(shiftTemplatesHttp.CreateShiftTemplateRequest, req);
    const answer: shiftTemplatesHttp.ShiftTemplateResponse = {
      template: await createShiftTemplate(ctx, user.id, input),
    };
    res.status(201).json(answer);
  });

  router.delete('/shift-templates/:id', auth, restaurantOnly, async (req, res) => {
    const user = currentUser(req);
    const id = uuidParam(req, 'id', JobsErrors.templateNotFound().message, 'JOBS.TEMPLATE_NOT_FOUND');
    await deleteShiftTemplate(ctx, user.id, id);
    const answer: shiftTemplatesHttp.ShiftTemplateDeletedResponse = { deleted: true };
    res.json(answer);
  });

  return router;
}
