import { randomUUID } from 'node:crypto';
import { shiftTemplatesHttp } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { countTemplates, insertTemplate, lockTemplatesOf } from '../db/shift-templates.repository';
import { JobsErrors } from '../domain/errors';

/**
 * A restaurant saves a shift template: a name of its own (unique whatever its case) and the shape of a shift in
 * times of day. At most SHIFT_TEMPLATES_MAX per restaurant; a refusal changes nothing.
 */
export async function createShiftTemplate(
  ctx: JobsContext,
  restaurantId: string,
  input: shiftTemplatesHttp.CreateShiftTemplateRequest,
): Promise<shiftTemplatesHttp.ShiftTemplate> {
  const max = shiftTemplatesHttp.SHIFT_TEMPLATES_MAX;
  return ctx.database.transaction(async (tx) => {
    await lockTemplatesOf(ctx.database, tx, restaurantId);
    if ((await countTemplates(ctx.database, tx, restaurantId)) >= max) throw JobsErrors.tooManyTemplates(max);
    const template = await insertTemplate(ctx.database, tx, {
      id: randomUUID(),
      restaurant_id: restaurantId,
      name: input.name,
      title: input.title,
      start_time: input.startTime,
      end_time: input.endTime,
      hourly_rate_cents: Math.round(input.hourlyRate * 100),
      headcount: input.headcount,
      break_minutes: input.breakMinutes,
      description: input.description ? input.description : null,
      required_skills: [...new Set(input.requiredSkills)],
      required_credentials: input.required_credentials,
    });
    if (!template) throw JobsErrors.templateNameTaken();
    return template;
  });
}
