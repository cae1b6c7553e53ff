import type { JobsContext } from '../context';
import { deleteTemplate } from '../db/shift-templates.repository';
import { JobsErrors } from '../domain/errors';

/** A restaurant deletes one of its templates; another restaurant's, or one already gone, is a 404. */
export async function deleteShiftTemplate(ctx: JobsContext, restaurantId: string, id: string): Promise<void> {
  if (!(await deleteTemplate(ctx.database, restaurantId, id))) throw JobsErrors.templateNotFound();
}
