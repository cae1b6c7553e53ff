import { z } from 'zod';
import { SKILLS } from '../constants';
import { IsoDateTime, type RouteDoc } from '../common';
import { ApplicationResponse, Job, PostJobRequest, RequiredCredentials, UpdateJobRequest } from './jobs';
import { CREDENTIAL_TYPES } from '../credentials';
import { TimeOfDay } from './shift-templates';

// Issue 35 (ADR 0031): edits of a posted shift with their cost, Book again, and weekly series. The money of each
// is contracts/src/job-edits.ts (`editMoney`, `editRefusal`): the quote and the movement are the same figures.
// The routes are answered by jobs (payments moves the money); the field names are the posting request's own,
// except `break_minutes`, which the issue names so for the edit.

const post = PostJobRequest.shape;

/**
 * `PATCH /jobs/{id}` as an edit (the other form of the same PATCH is `{ status: "cancelled" }`): every field
 * optional, at least one. `headcount` adds seats (each charged) or removes unbooked ones (each refunded).
 */
const EditFields = z.object({
  startTime: post.startTime.optional(),
  endTime: post.endTime.optional(),
  hourlyRate: post.hourlyRate.optional(),
  description: post.description,
  requiredSkills: z
    .array(z.enum(SKILLS, { error: 'Unknown skill' }))
    .max(SKILLS.length)
    .optional(),
  break_minutes: post.breakMinutes.removeDefault().optional(),
  headcount: post.headcount.removeDefault().optional(),
  /**
   * Issue 39: the credentials chefs must hold from now on. Chefs already booked keep their seats; the rule gates
   * who applies, books, takes an offer or stands by next. Moves no money.
   */
  required_credentials: RequiredCredentials.optional(),
});

export const EditJobRequest = EditFields.refine((edit) => Object.values(edit).some((v) => v !== undefined), {
  message:
    'Say what to change: startTime, endTime, hourlyRate, description, requiredSkills, break_minutes or headcount',
}).meta({ id: 'EditJobRequest' });
export type EditJobRequest = z.infer<typeof EditJobRequest>;

/** `PATCH /jobs/{id}`: `{ status: "cancelled", reason? }` cancels by the rules (as PUT); anything else is an edit. */
export const PatchJobRequest = z.union([UpdateJobRequest, EditJobRequest]).meta({ id: 'PatchJobRequest' });

/**
 * `GET /jobs/{id}/edit-quote?startTime=...&hourlyRate=...&break_minutes=...&headcount=...`: the edit's fields
 * that move money, as query parameters (none: the quote of no change).
 */
export const EditQuoteQuery = EditFields.pick({
  startTime: true,
  endTime: true,
  hourlyRate: true,
  break_minutes: true,
  headcount: true,
});
export type EditQuoteQuery = z.infer<typeof EditQuoteQuery>;

/** `GET /jobs/{id}/edit-quote?...` (the edit's fields as query parameters): what saving it would move. */
export const EditQuote = z
  .object({
    old_total_cents: z.number().int(),
    new_total_cents: z.number().int(),
    /** charged off-session to the card on file when the edit is saved */
    charge_cents: z.number().int().nonnegative(),
    /** refunded in part to that card when the edit is saved */
    refund_cents: z.number().int().nonnegative(),
    /** the quote in words, in the caller's language ("$96.30 more for the raise, charged to Visa ending 4242") */
    reason_text: z.string(),
    /** booked chefs who will be asked to accept the new times or pay (0 when the edit changes neither) */
    chefs_to_answer: z.number().int().nonnegative(),
  })
  .meta({ id: 'EditQuote' });
export type EditQuote = z.infer<typeof EditQuote>;

export const EditJobResponse = z
  .object({
    job: Job,
    quote: EditQuote,
    /** when the booked chefs' answers are due (null when nobody is asked) */
    answers_due_by: IsoDateTime.nullable(),
  })
  .meta({ id: 'EditJobResponse' });

/** `POST /applications/{id}/edit-answer`: a booked chef keeps the changed shift, or leaves it with no record. */
export const EditAnswerRequest = z
  .object({ accept: z.boolean({ error: 'Say whether you accept the change (accept: true or false)' }) })
  .meta({ id: 'EditAnswerRequest' });
export type EditAnswerRequest = z.infer<typeof EditAnswerRequest>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date in the restaurant's own time (year, month, day: 2026-12-04). */
export const CalendarDate = z
  .string()
  .max(10, 'Dates are YYYY-MM-DD')
  .regex(DATE_ONLY, 'Dates are YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T12:00:00Z`)), { message: 'Dates are YYYY-MM-DD' })
  .meta({ example: '2026-12-04' });

/** `POST /jobs/{id}/repeat`: copies of the shift (same times of day, pay, headcount, words) on these dates. */
export const RepeatJobRequest = z
  .object({
    dates: z
      .array(CalendarDate, { error: 'dates must list YYYY-MM-DD dates' })
      .min(1, 'Give at least one date')
      .max(84, 'At most 84 dates at once')
      .refine((d) => new Set(d).size === d.length, { message: 'Each date once' }),
  })
  .meta({ id: 'RepeatJobRequest' });
export type RepeatJobRequest = z.infer<typeof RepeatJobRequest>;

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * `POST /jobs/series`: a weekly shift from a template (`templateId`) or the posting's fields with times of day,
 * on `weekdays` until `until` (at most SERIES_MAX_WEEKS ahead). Each occurrence is posted and charged
 * SERIES_CHARGE_LEAD before it starts.
 */
export const CreateSeriesRequest = z
  .object({
    templateId: z.string().uuid('templateId must be a template id').optional(),
    title: post.title.optional(),
    startTime: TimeOfDay.optional(),
    endTime: TimeOfDay.optional(),
    hourlyRate: post.hourlyRate.optional(),
    headcount: post.headcount,
    breakMinutes: post.breakMinutes,
    description: post.description,
    requiredSkills: post.requiredSkills,
    /** Issue 39: each occurrence requires these credentials (default: the template's, else none) */
    required_credentials: RequiredCredentials.optional(),
    weekdays: z
      .array(z.enum(WEEKDAYS, { error: 'Weekdays are mon, tue, wed, thu, fri, sat, sun' }))
      .min(1, 'Choose at least one weekday')
      .max(7),
    /** the first date the series may fall on (default: today) */
    from: CalendarDate.optional(),
    until: CalendarDate,
  })
  .refine((s) => s.templateId || (s.title && s.startTime && s.endTime && s.hourlyRate !== undefined), {
    message: 'Give a templateId, or title, startTime, endTime and hourlyRate',
  })
  .meta({ id: 'CreateSeriesRequest' });
export type CreateSeriesRequest = z.infer<typeof CreateSeriesRequest>;

/** One occurrence of a series as its restaurant sees it. */
export const SeriesOccurrence = z.object({
  date: CalendarDate,
  start_time: IsoDateTime,
  /** scheduled (not yet charged), posted (charged: its job), payment_needed (the charge failed), skipped */
  status: z.enum(['scheduled', 'posted', 'payment_needed', 'skipped']),
  job_id: z.string().uuid().nullable(),
  /** when it will be charged and posted (SERIES_CHARGE_LEAD before its start) */
  charge_at: IsoDateTime,
  total_cents: z.number().int(),
});

export const Series = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    weekdays: z.array(z.enum(WEEKDAYS)),
    until: CalendarDate,
    headcount: z.number().int(),
    /** the whole series' total (every occurrence not yet skipped), shown before paying */
    total_cents: z.number().int(),
    status: z.enum(['active', 'stopped']),
    occurrences: z.array(SeriesOccurrence),
    created_at: IsoDateTime,
    /** Issue 39: the credentials each occurrence requires */
    required_credentials: z.array(z.enum(CREDENTIAL_TYPES)).optional(),
  })
  .meta({ id: 'Series' });
export type Series = z.infer<typeof Series>;

/**
 * Each new job is its own charge and its own escrow; `total_cents` is what the card on file is charged now
 * (the dates within SERIES_CHARGE_LEAD). Later dates wait in `series` as scheduled occurrences, each charged
 * when it comes within SERIES_CHARGE_LEAD (`later_total_cents` in all).
 */
export const RepeatJobResponse = z
  .object({
    jobs: z.array(Job),
    total_cents: z.number().int().nonnegative(),
    series: Series.nullable(),
    later_total_cents: z.number().int().nonnegative(),
  })
  .meta({ id: 'RepeatJobResponse' });

export const SeriesResponse = z.object({ series: Series }).meta({ id: 'SeriesResponse' });
export const SeriesListResponse = z.object({ series: z.array(Series) }).meta({ id: 'SeriesListResponse' });

/**
 * `PATCH /jobs/series/{id}`: change the occurrences not yet posted (posted ones are jobs: edit them one by one).
 * Every field optional, at least one; the same names as `POST /jobs/series`.
 */
export const UpdateSeriesRequest = z
  .object({
    startTime: TimeOfDay.optional(),
    endTime: TimeOfDay.optional(),
    hourlyRate: post.hourlyRate.optional(),
    headcount: post.headcount.removeDefault().optional(),
    breakMinutes: post.breakMinutes.removeDefault().optional(),
    description: post.description,
    requiredSkills: z
      .array(z.enum(SKILLS, { error: 'Unknown skill' }))
      .max(SKILLS.length)
      .optional(),
    /** Issue 39: the credentials the occurrences not yet posted require */
    required_credentials: RequiredCredentials.optional(),
    weekdays: z
      .array(z.enum(WEEKDAYS, { error: 'Weekdays are mon, tue, wed, thu, fri, sat, sun' }))
      .min(1, 'Choose at least one weekday')
      .max(7)
      .optional(),
    until: CalendarDate.optional(),
  })
  .refine((s) => Object.values(s).some((v) => v !== undefined), {
    message:
      'Say what to change: startTime, endTime, hourlyRate, headcount, breakMinutes, description, requiredSkills, weekdays or until',
  })
  .meta({ id: 'UpdateSeriesRequest' });
export type UpdateSeriesRequest = z.infer<typeof UpdateSeriesRequest>;

/** The routes of edits, repeats and series (paths under /api), for the OpenAPI document. Answered by jobs. */
export const jobEditRoutes: RouteDoc[] = [
  {
    method: 'patch',
    path: '/jobs/{id}',
    summary:
      'Edit a posted shift (times, rate, break, words, headcount) until LATE_CANCEL_WINDOW before it starts, or cancel it ({ status: "cancelled" }); 202 while a rise is charged to the card on file',
    auth: 'restaurant',
    body: PatchJobRequest,
    response: EditJobResponse,
  },
  {
    method: 'get',
    path: '/jobs/{id}/edit-quote',
    summary: 'What saving this edit would charge or refund, in figures and words (the owner only)',
    auth: 'restaurant',
    query: EditQuoteQuery,
    response: EditQuote,
  },
  {
    method: 'post',
    path: '/applications/{id}/edit-answer',
    summary: 'A booked chef keeps a changed shift, or leaves it with no record',
    auth: 'chef',
    body: EditAnswerRequest,
    response: ApplicationResponse,
  },
  {
    method: 'post',
    path: '/jobs/{id}/repeat',
    summary:
      'Book again: copies of the shift on these dates, each its own charge to the card on file (later dates when they come within SERIES_CHARGE_LEAD)',
    auth: 'restaurant',
    body: RepeatJobRequest,
    response: RepeatJobResponse,
    status: 201,
  },
  {
    method: 'post',
    path: '/jobs/series',
    summary: 'A weekly series: each occurrence posted and charged SERIES_CHARGE_LEAD before it starts',
    auth: 'restaurant',
    body: CreateSeriesRequest,
    response: SeriesResponse,
    status: 201,
  },
  {
    method: 'get',
    path: '/jobs/series',
    summary: "The restaurant's series, newest first",
    auth: 'restaurant',
    response: SeriesListResponse,
  },
  {
    method: 'get',
    path: '/jobs/series/{id}',
    summary: 'One series with its occurrences (the owner only)',
    auth: 'restaurant',
    response: SeriesResponse,
  },
  {
    method: 'patch',
    path: '/jobs/series/{id}',
    summary: 'Change the occurrences not yet posted',
    auth: 'restaurant',
    body: UpdateSeriesRequest,
    response: SeriesResponse,
  },
  {
    method: 'delete',
    path: '/jobs/series/{id}',
    summary: 'Stop a series: no more occurrences; posted ones stay and follow the cancellation rules',
    auth: 'restaurant',
    response: SeriesResponse,
  },
];
