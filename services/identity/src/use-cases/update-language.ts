import { appendEvent, inTransaction } from '@brigade/kit';
import { updateUser } from '../db/users.repository';
import { isMemberRow } from '../domain/accounts';
import { IdentityErrors } from '../domain/errors';
import { toUser } from '../domain/serialize';
import type { IdentityContext } from '../context';
import { publishProfile } from './publish-profile';

/** Save the EN/ES choice; other services learn it from events (texts and translations follow it). */
export async function updateLanguage(ctx: IdentityContext, userId: string, language: 'en' | 'es') {
  const user = await inTransaction(ctx, async (tx) => {
    const row = await updateUser(tx, userId, { languagePreference: language, updatedAt: new Date() });
    if (!row) throw IdentityErrors.userNotFound();
    // Operators are not members: the other services keep no record of them (no user.registered either).
    if (!isMemberRow(row)) return row;
    await appendEvent(ctx.database, tx, 'identity.user.updated.v1', {
      user_id: row.id,
      phone: row.phone,
      phone_verified: row.phoneVerified,
      user_type: row.userType,
      language_preference: row.languagePreference,
    });
    await publishProfile(ctx, tx, row.id);
    return row;
  });
  return { user: toUser(user) };
}
