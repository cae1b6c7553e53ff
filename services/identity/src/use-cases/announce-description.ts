import { appendEvent, type Tx } from '@brigade/kit';
import { findUser } from '../db/users.repository';
import { untranslated, type KeptTranslation } from '@brigade/contracts';
import type { IdentityContext } from '../context';

/**
 * A restaurant wrote a new description: asked of messaging to translate for chefs of the other language
 * (`identity.text.written.v1`, in the saving transaction, in the restaurant's language), and kept untranslated
 * until the translation lands. Returns what to keep beside the description.
 */
export async function announceDescription(
  ctx: IdentityContext,
  tx: Tx,
  userId: string,
  description: string,
): Promise<KeptTranslation> {
  const user = await findUser(tx, userId);
  const kept = untranslated(new Date(), user?.languagePreference ?? 'en');
  await appendEvent(ctx.database, tx, 'identity.text.written.v1', {
    owner: 'identity',
    kind: 'restaurant_description',
    id: userId,
    written_at: kept.written_at,
    job_id: null,
    text: description,
    language: kept.language,
  });
  return kept;
}
