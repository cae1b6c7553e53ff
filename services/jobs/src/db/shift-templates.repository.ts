import type { CredentialType, shiftTemplatesHttp } from '@brigade/contracts';
import { sql, type Database, type Executor } from '@brigade/kit';
import type { SeriesShape } from '../domain/series';
import { toJson } from './rows';

type ShiftTemplate = shiftTemplatesHttp.ShiftTemplate;

/** A template row: a series' shape of a shift, saved under a name. */
export interface ShiftTemplateRow extends SeriesShape {
  id: string;
  restaurant_id: string;
  name: string;
  title: ShiftTemplate['title'];
}

/** A template as stored: the database stamps when it was saved. */
export type StoredTemplateRow = ShiftTemplateRow & { created_at: Date | string };

/** A template as the API answers it: the posting request's field names, the rate in dollars. */
export function presentTemplate(row: StoredTemplateRow): ShiftTemplate {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    startTime: row.start_time,
    endTime: row.end_time,
    hourlyRate: Number(row.hourly_rate_cents) / 100,
    headcount: Number(row.headcount),
    breakMinutes: Number(row.break_minutes),
    description: row.description,
    requiredSkills: toJson<string[]>(row.required_skills, []),
    required_credentials: toJson<CredentialType[]>(row.required_credentials, []),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/**
 * One restaurant's templates at a time: a writer takes this lock before counting and inserting, so two saves
 * racing never pass the limit together.
 */
export async function lockTemplatesOf(database: Database, tx: Executor, restaurantId: string): Promise<void> {
  await database.rows(
    sql`select pg_advisory_xact_lock(hashtext(${`jobs.shift_templates:${restaurantId}`}))`,
    tx,
  );
}

export async function countTemplates(
  database: Database,
  tx: Executor,
  restaurantId: string,
): Promise<number> {
  const rows = await database.rows<{ n: number | string }>(
    sql`select count(*)::int as n from jobs.shift_templates where restaurant_id = ${restaurantId}`,
    tx,
  );
  return Number(rows[0].n);
}

/** Insert a template; null when the restaurant already has one of that name (whatever its case). */
export async function insertTemplate(
  database: Database,
  tx: Executor,
  t: ShiftTemplateRow,
): Promise<ShiftTemplate | null> {
  const rows = await database.rows<StoredTemplateRow>(
    sql`insert into jobs.shift_templates (id, restaurant_id, name, title, start_time, end_time,
          hourly_rate_cents, headcount, break_minutes, description, required_skills, required_credentials)
        values (${t.id}, ${t.restaurant_id}, ${t.name}, ${t.title}, ${t.start_time}, ${t.end_time},
          ${t.hourly_rate_cents}, ${t.headcount}, ${t.break_minutes}, ${t.description},
          ${JSON.stringify(t.required_skills)}::jsonb, ${JSON.stringify(t.required_credentials)}::jsonb)
        on conflict (restaurant_id, lower(name)) do nothing
        returning *`,
    tx,
  );
  return rows[0] ? presentTemplate(rows[0]) : null;
}

/** Delete one of the restaurant's templates; false when it has none of that id (another's included). */
export async function deleteTemplate(database: Database, restaurantId: string, id: string): Promise<boolean> {
  const rows = await database.rows(
    sql`delete from jobs.shift_templates where id = ${id} and restaurant_id = ${restaurantId} returning id`,
  );
  return rows.length > 0;
}
