import { desc, ilike, like, or } from 'drizzle-orm';
import { users } from '../db/schema';
import { profileNames } from '../db/accounts.repository';
import { toOpsUser } from '../domain/serialize';
import type { IdentityContext } from '../context';

export const USER_SEARCH_LIMIT = 50;

/** `%`, `_` and `\` match themselves. */
const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The operators' user search: email containing `q` (any case), or, when `q` looks like a phone number, phones
 * containing its digits. Newest accounts first, at most 50.
 */
export async function searchUsers(ctx: IdentityContext, q: string) {
  const digits = /^[\d\s()+.-]+$/.test(q) ? q.replace(/\D/g, '') : '';
  const rows = await ctx.database.db
    .select()
    .from(users)
    .where(
      or(
        ilike(users.email, `%${literal(q)}%`),
        digits.length > 0 ? like(users.phone, `%${digits}%`) : undefined,
      ),
    )
    .orderBy(desc(users.createdAt), users.id)
    .limit(USER_SEARCH_LIMIT);
  const names = await profileNames(
    ctx.database.db,
    rows.map((r) => r.id),
  );
  return { users: rows.map((r) => toOpsUser(r, names.get(r.id) ?? null)) };
}
