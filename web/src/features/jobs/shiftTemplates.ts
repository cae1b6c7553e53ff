import type { shiftTemplatesHttp } from '@brigade/contracts';
import { headcountOf, type PostForm } from './validation';

export type ShiftTemplate = shiftTemplatesHttp.ShiftTemplate;
export type ShiftTemplateBody = shiftTemplatesHttp.CreateShiftTemplateRequest;

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The post form filled from a template (issue 35). The date stays the one chosen in the form; with none yet,
 * today when the template's start is still ahead, else tomorrow. An end before the start is the next day.
 */
export function fillFromTemplate(form: PostForm, t: ShiftTemplate, now = new Date()): PostForm {
  let date = /^\d{4}-\d{2}-\d{2}/.exec(form.start)?.[0];
  if (!date) {
    const day = new Date(now);
    if (minutes(t.startTime) <= now.getHours() * 60 + now.getMinutes()) day.setDate(day.getDate() + 1);
    date = dateOf(day);
  }
  const start = `${date}T${t.startTime}`;
  const endDay = new Date(`${date}T00:00`);
  if (minutes(t.endTime) <= minutes(t.startTime)) endDay.setDate(endDay.getDate() + 1);
  return {
    ...form,
    title: t.title,
    start,
    end: `${dateOf(endDay)}T${t.endTime}`,
    hourlyRate: String(t.hourlyRate),
    breakMinutes: String(t.breakMinutes),
    description: t.description ?? '',
    requiredSkills: t.requiredSkills,
    requiredCredentials: t.required_credentials ?? [],
    headcount: String(t.headcount),
  };
}

/** The time of day of a datetime-local value ("2026-12-04T17:00" -> "17:00"), or null. */
export function timeOfDay(value: string): string | null {
  return /T(\d{2}:\d{2})/.exec(value)?.[1] ?? null;
}

/**
 * A template from the post form as it stands, or the text key of what is missing (jobs namespace): a
 * position, both times, a rate. The server checks the rest with the posting's own rules.
 */
export function templateFromForm(
  form: PostForm,
  name: string,
): { body: ShiftTemplateBody } | { problem: string } {
  const startTime = timeOfDay(form.start);
  const endTime = timeOfDay(form.end);
  if (!form.title) return { problem: 'templates.errors.position' };
  if (!startTime || !endTime) return { problem: 'templates.errors.times' };
  if (form.hourlyRate.trim() === '' || !Number.isFinite(Number(form.hourlyRate)))
    return { problem: 'templates.errors.rate' };
  return {
    body: {
      name: name.trim(),
      title: form.title as ShiftTemplateBody['title'],
      startTime,
      endTime,
      hourlyRate: Number(form.hourlyRate),
      headcount: headcountOf(form) ?? 1,
      breakMinutes: form.breakMinutes.trim() === '' ? 0 : Number(form.breakMinutes),
      description: form.description?.trim() || null,
      requiredSkills: (form.requiredSkills ?? []) as ShiftTemplateBody['requiredSkills'],
      required_credentials: form.requiredCredentials ?? [],
    },
  };
}
