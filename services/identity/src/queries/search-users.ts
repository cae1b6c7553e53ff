import { searchUserRows } from '../db/users.repository';
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
  const rows = await searchUserRows(
    ctx.database.db,
    `%${literal(q)}%`,
    digits.length > 0 ? `%${digits}%` : undefined,
    USER_SEARCH_LIMIT,
  );
  const names = await profileNames(
    ctx.database.db,
    rows.map((r) => r.id),
  );
  return { users: rows.map((r) => toOpsUser(r, names.get(r.id) ?? null)) };
}
