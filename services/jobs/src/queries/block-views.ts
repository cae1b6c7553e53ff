import type { fillHttp } from '@brigade/contracts';
import type { AuthUser, Database } from '@brigade/kit';
import { blocksMadeBy } from '../db/blocks.repository';
import { dateOrNull } from '../db/rows';

/**
 * GET /blocks: the caller's own blocks (a restaurant's blocked chefs, a chef's hidden restaurants), newest first,
 * with the other side's name. Never the blocks others made of the caller: nobody learns they were blocked.
 */
export async function listBlocks(
  database: Database,
  user: Pick<AuthUser, 'id' | 'type'>,
): Promise<fillHttp.Block[]> {
  const by = user.type === 'restaurant' ? 'restaurant' : 'chef';
  const rows = await blocksMadeBy(database, user.id, by);
  return rows.map((r) => ({
    kind: by === 'restaurant' ? 'chef' : 'restaurant',
    profile_id: r.profile_id ?? r.user_id,
    user_id: r.user_id,
    name: r.name,
    created_at: dateOrNull(r.created_at)!.toISOString(),
  }));
}
