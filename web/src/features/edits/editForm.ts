import { type JobPosting, toLocalInput } from '../jobs';
import type { EditJobBody, EditQuoteArgs } from './editsApi';

/** The Edit Shift form as typed (inputs' own strings), prefilled from the job. */
export interface EditForm {
  start: string;
  end: string;
  hourlyRate: string;
  breakMinutes: string;
  headcount: string;
  description: string;
  requiredSkills: string[];
}

export function editFormOf(job: JobPosting): EditForm {
  return {
    start: toLocalInput(new Date(job.start_time)),
    end: toLocalInput(new Date(job.end_time)),
    hourlyRate: String(job.hourly_rate),
    breakMinutes: String(job.break_minutes ?? 0),
    headcount: String(job.headcount ?? 1),
    description: job.description ?? '',
    requiredSkills: [...job.required_skills],
  };
}

const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : null);

/**
 * The edit the form makes (only the fields that differ from the job), or null while a field cannot be read.
 * `PATCH /jobs/{id}` takes it as it is; its money fields are the quote's query.
 */
export function editOf(job: JobPosting, form: EditForm): EditJobBody | null {
  const start = new Date(form.start).getTime();
  const end = new Date(form.end).getTime();
  const rate = Number(form.hourlyRate);
  const breakMinutes = form.breakMinutes.trim() === '' ? 0 : whole(form.breakMinutes);
  const headcount = whole(form.headcount);
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return null;
  if (form.hourlyRate.trim() === '' || !Number.isFinite(rate) || rate <= 0) return null;
  if (breakMinutes === null || headcount === null) return null;
  const edit: Record<string, unknown> = {};
  if (start !== new Date(job.start_time).getTime()) edit.startTime = new Date(start).toISOString();
  if (end !== new Date(job.end_time).getTime()) edit.endTime = new Date(end).toISOString();
  if (Math.round(rate * 100) !== Math.round(job.hourly_rate * 100)) edit.hourlyRate = rate;
  if (breakMinutes !== (job.break_minutes ?? 0)) edit.break_minutes = breakMinutes;
  if (headcount !== (job.headcount ?? 1)) edit.headcount = headcount;
  const description = form.description.trim();
  if (description !== (job.description ?? '').trim()) edit.description = description || null;
  const skills = [...form.requiredSkills].sort();
  const before = [...job.required_skills].sort();
  if (skills.join('|') !== before.join('|')) edit.requiredSkills = skills;
  return edit as EditJobBody;
}

/** The quote's query: the edit's fields that move money (none: nothing to quote). */
export function quoteArgsOf(id: string, edit: EditJobBody | null): EditQuoteArgs | null {
  if (!edit) return null;
  const { startTime, endTime, hourlyRate, break_minutes, headcount } = edit;
  const args = { startTime, endTime, hourlyRate, break_minutes, headcount };
  const moving = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));
  return Object.keys(moving).length === 0 ? null : { id, ...moving };
}
