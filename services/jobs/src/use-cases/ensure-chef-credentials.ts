import { missingCredentials, type Language } from '@brigade/contracts';
import type { Executor } from '@brigade/kit';
import type { JobsContext } from '../context';
import { heldCredentials } from '../db/credentials.repository';
import { credentialRequired } from '../domain/credentials';
import type { JobRow } from '../domain/records';

/**
 * Issue 39: the one rule of a shift's required credentials, for every door by which a chef takes it (apply, a
 * booking of any kind: bookSeat, the standby list) and for a restaurant's offer to a chef: the chef must hold a
 * verified, unexpired credential of each required type now (jobs' read model of identity's decisions, by the
 * injected clock), else 403 JOBS.CREDENTIAL_REQUIRED with `missing`, in the words of whoever asked. Seeing the
 * shift stays open to everyone.
 */
export async function ensureChefHoldsCredentials(
  ctx: Pick<JobsContext, 'database' | 'now'>,
  executor: Executor | undefined,
  job: Pick<JobRow, 'required_credentials'>,
  chefId: string,
  asked: { side: 'chef' | 'restaurant'; language: Language },
): Promise<void> {
  const required = job.required_credentials ?? [];
  if (required.length === 0) return;
  const missing = missingCredentials(
    required,
    await heldCredentials(ctx.database, chefId, ctx.now(), executor),
  );
  if (missing.length > 0) throw credentialRequired(missing, asked.language, asked.side);
}
