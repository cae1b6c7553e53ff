import type { identityHttp } from '@brigade/contracts';
import { forbidden } from '@brigade/kit';
import type { z } from 'zod';
import { updateUser } from '../db/users.repository';
import { IdentityErrors } from '../domain/errors';
import { newTotpSecret, totpUri } from '../domain/totp';
import type { IdentityContext } from '../context';
import { checkCredentials } from './check-credentials';

/**
 * An operator sets up two-step sign-in (issue 33): their email and password prove who asks (so it works when
 * OPERATOR_REQUIRE_TOTP=1 lets no session open without it). The answer is a new secret for an authenticator
 * app; it replaces one still waiting, and the first sign-in with a right code confirms it. Once confirmed it
 * is not replaced this way (409): `npm run operator -- reset-password` starts over.
 */
export async function enrolTotp(ctx: IdentityContext, input: z.infer<typeof identityHttp.TotpEnrolRequest>) {
  const user = await checkCredentials(ctx, input.email, input.password);
  if (user.userType !== 'operator')
    throw forbidden('Two-step sign-in is for operators', 'AUTH.OPERATORS_ONLY');
  if (user.suspendedAt) throw IdentityErrors.suspended();
  if (user.passwordChangeRequired) throw IdentityErrors.passwordChangeRequired();
  if (user.totpConfirmedAt) throw IdentityErrors.totpAlreadyEnrolled();
  const secret = newTotpSecret();
  await updateUser(ctx.database.db, user.id, { totpSecret: secret, updatedAt: new Date() });
  return { secret, otpauth_uri: totpUri(user.email, secret) };
}
