import { z } from 'zod';
import { IsoDateTime, type RouteDoc } from '../common';
import { hasHiddenCharacters } from '../display-name';
import { HEADCOUNT_MAX, HEADCOUNT_MIN, PostJobRequest } from './jobs';
import { CREDENTIAL_TYPES } from '../credentials';

// Shift templates (issue 35): a restaurant's saved shape of a shift (position, times of day, pay, seats, break,
// description, skills), which the Post Shift page fills the form from. A template holds times of day, never
// dates: the date is the one chosen when posting. Field names are the posting request's own. Answered by jobs.

/** How many templates one restaurant may keep. */
export const SHIFT_TEMPLATES_MAX = 50;
export const TEMPLATE_NAME_MAX = 80;
export { HEADCOUNT_MAX, HEADCOUNT_MIN } from './jobs';

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A time of day, 24-hour "HH:MM" (00:00 to 23:59), in the restaurant's own time. */
export const TimeOfDay = z
  .string()
  .max(5, 'Times of day must be HH:MM, from 00:00 to 23:59')
  .regex(TIME_OF_DAY, 'Times of day must be HH:MM, from 00:00 to 23:59')
  .meta({ example: '17:00' });

const post = PostJobRequest.shape;

export const CreateShiftTemplateRequest = z
  .object({
    name: z
      .string({ error: 'Give the template a name' })
      .trim()
      .normalize('NFC')
      .min(1, 'Give the template a name')
      .max(TEMPLATE_NAME_MAX, `Template names are at most ${TEMPLATE_NAME_MAX} characters`)
      .refine((v) => !hasHiddenCharacters(v), {
        message: 'Names cannot contain invisible or text-direction characters. Please type the name again.',
        params: { code: 'VALIDATION.INVISIBLE_CHARACTERS' },
      }),
    title: post.title,
    /** When the shift starts, as a time of day. */
    startTime: TimeOfDay,
    /** When it ends: a time before the start means the shift ends the next day (a night shift). */
    endTime: TimeOfDay,
    hourlyRate: post.hourlyRate,
    headcount: post.headcount,
    breakMinutes: post.breakMinutes,
    description: post.description,
    requiredSkills: post.requiredSkills,
    /** Issue 39: the credentials a shift posted from the template requires */
    required_credentials: post.required_credentials,
  })
  .refine((t) => t.startTime !== t.endTime, {
    message: 'The end must differ from the start',
    path: ['endTime'],
  })
  .meta({ id: 'CreateShiftTemplateRequest' });
export type CreateShiftTemplateRequest = z.infer<typeof CreateShiftTemplateRequest>;

export const ShiftTemplate = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    title: post.title,
    startTime: TimeOfDay,
    endTime: TimeOfDay,
    /** Dollars, in whole cents. */
    hourlyRate: z.number(),
    headcount: z.number().int().min(HEADCOUNT_MIN).max(HEADCOUNT_MAX),
    breakMinutes: z.number().int().min(0).max(120),
    description: z.string().nullable(),
    requiredSkills: z.array(z.string()),
    /** Issue 39: the credentials a shift posted from the template requires */
    required_credentials: z.array(z.enum(CREDENTIAL_TYPES)).optional(),
    created_at: IsoDateTime,
  })
  .meta({ id: 'ShiftTemplate' });
export type ShiftTemplate = z.infer<typeof ShiftTemplate>;

export const ShiftTemplateResponse = z.object({ template: ShiftTemplate });
export type ShiftTemplateResponse = z.infer<typeof ShiftTemplateResponse>;
/** The restaurant's templates, by name. */
export const ShiftTemplatesResponse = z.object({
  templates: z.array(ShiftTemplate).max(SHIFT_TEMPLATES_MAX),
});
export type ShiftTemplatesResponse = z.infer<typeof ShiftTemplatesResponse>;
export const ShiftTemplateDeletedResponse = z.object({ deleted: z.literal(true) });
export type ShiftTemplateDeletedResponse = z.infer<typeof ShiftTemplateDeletedResponse>;

/** The shift template routes (paths under /api), for the OpenAPI document. */
export const shiftTemplateRoutes: RouteDoc[] = [
  {
    method: 'get',
    path: '/shift-templates',
    summary: "The restaurant's own shift templates, by name",
    auth: 'restaurant',
    response: ShiftTemplatesResponse,
  },
  {
    method: 'post',
    path: '/shift-templates',
    summary: `Save a shift template (times of day; a name unique per restaurant, at most ${SHIFT_TEMPLATES_MAX} templates)`,
    auth: 'restaurant',
    body: CreateShiftTemplateRequest,
    response: ShiftTemplateResponse,
    status: 201,
  },
  {
    method: 'delete',
    path: '/shift-templates/{id}',
    summary: "Delete one of the restaurant's shift templates (another's is a 404)",
    auth: 'restaurant',
    response: ShiftTemplateDeletedResponse,
  },
];
