import type { shiftTemplatesHttp } from '@brigade/contracts';
import { sql, type Database } from '@brigade/kit';
import { presentTemplate, type StoredTemplateRow } from '../db/shift-templates.repository';

/** The restaurant's templates by name (case-insensitively), then age. */
export async function listTemplates(
  database: Database,
  restaurantId: string,
): Promise<shiftTemplatesHttp.ShiftTemplate[]> {
  const rows = await database.rows<StoredTemplateRow>(
    sql`select * from jobs.shift_templates where restaurant_id = ${restaurantId}
        order by lower(name), created_at, id`,
  );
  return rows.map(presentTemplate);
}
