import type { CreateSeriesBody, RepeatChoice } from '../edits';
import type { PostJobBody } from './jobsApi';
import { breakOf, headcountOf, type Position, type PostForm } from './validation';

// What Post Shift sends, from its checked form: one job, or (issue 35, "Repeat weekly") a weekly series.

/** A post form whose rules passed and whose position is one of the catalog's. */
export type CheckedPostForm = PostForm & { title: Position };

/** POST /jobs: one shift at the form's start and end. */
export function jobBodyOf(form: CheckedPostForm): PostJobBody {
  return {
    title: form.title,
    startTime: new Date(form.start).toISOString(),
    endTime: new Date(form.end).toISOString(),
    hourlyRate: Number(form.hourlyRate),
    emergencyLevel: form.emergencyLevel,
    notifyFavorites: form.notifyFavorites,
    breakMinutes: breakOf(form) ?? 0,
    headcount: headcountOf(form) ?? 1,
    description: form.description?.trim() || null,
    requiredSkills: (form.requiredSkills ?? []) as PostJobBody['requiredSkills'],
    // Issue 37: sent when chosen (the server's defaults are off and 0)
    ...(form.instantBook ? { instant_book: true } : {}),
    ...(form.rosterFirstMinutes ? { roster_first_minutes: form.rosterFirstMinutes } : {}),
    // Issue 39: sent when chosen (none by default)
    ...(form.requiredCredentials?.length ? { required_credentials: form.requiredCredentials } : {}),
  };
}

/** A weekly series: the form's times of day on the chosen weekdays from `from` until the chosen date. */
export function seriesBodyOf(
  form: CheckedPostForm,
  repeat: RepeatChoice,
  templateId: string | null,
  from: string,
): CreateSeriesBody {
  return {
    ...(templateId ? { templateId } : {}),
    title: form.title,
    startTime: form.start.slice(11, 16),
    endTime: form.end.slice(11, 16),
    hourlyRate: Number(form.hourlyRate),
    headcount: headcountOf(form) ?? 1,
    breakMinutes: breakOf(form) ?? 0,
    description: form.description?.trim() || null,
    requiredSkills: (form.requiredSkills ?? []) as PostJobBody['requiredSkills'],
    ...(form.requiredCredentials?.length ? { required_credentials: form.requiredCredentials } : {}),
    weekdays: repeat.weekdays,
    from,
    until: repeat.until,
  };
}
