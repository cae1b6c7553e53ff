import { z } from 'zod';
import { CREDENTIAL_TYPES } from '../credentials';

// Issue 39's integration events (identity publishes them): an operator's decisions on a chef's credential and the
// notice that a verified one expires soon. Jobs keeps the verified ones (a shift may require them); notifications
// texts the chef. The file never travels: only identity keeps it.

const Id = z.string().uuid();
const Type = z.enum(CREDENTIAL_TYPES);
/** A calendar date, YYYY-MM-DD: the credential counts until 00:00 of this day in the chef's city's zone. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const Credential = { chef_id: Id, credential_id: Id, type: Type, expires_on: Day };

export const credentialEvents = {
  /** An operator checked the file: the credential counts (jobs lets the chef take shifts that require it). */
  'identity.credential.verified.v1': z.object({ ...Credential, verified_at: z.string() }),
  /** An operator refused it, with the reason the chef is texted. */
  'identity.credential.rejected.v1': z.object({ ...Credential, reason: z.string(), rejected_at: z.string() }),
  /** An operator took back a verified credential, with the reason the chef is texted; it no longer counts. */
  'identity.credential.revoked.v1': z.object({ ...Credential, reason: z.string(), revoked_at: z.string() }),
  /** A verified credential expires within CREDENTIAL_EXPIRY_NOTICE: published once per credential. */
  'identity.credential.expiring.v1': z.object({ ...Credential }),
} as const;
