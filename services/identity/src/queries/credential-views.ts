import {
  CREDENTIAL_FILE_URL_SECONDS,
  CREDENTIAL_TYPES,
  credentialCountsAt,
  credentialEndsAt,
  credentialStatusAt,
  credentialTimeZone,
  type CredentialFileType,
  type CredentialStatus,
  type CredentialType,
  type credentialsHttp,
} from '@brigade/contracts';
import { AppError } from '@brigade/kit';
import {
  credentialQueue,
  credentialsOf,
  findCredential,
  findQueued,
  verifiedCredentialsOf,
  type CredentialRecord,
  type QueuedCredential,
} from '../db/credentials.repository';
import { CredentialErrors } from '../domain/credential-errors';
import { readFileToken } from '../domain/file-tokens';
import type { IdentityContext } from '../context';

// Issue 39: the read side of credentials: the chef's own list, the operators' queue, a file through its signed
// URL, and the badges profiles carry. Every file_url is made at the moment of the answer and lasts
// CREDENTIAL_FILE_URL_SECONDS (5 minutes).

type Ctx = Pick<IdentityContext, 'files' | 'now' | 'fileUrlKey'>;

/** A signed URL of the credential's file; the store unreachable is a 503 (never a raw 500). */
async function fileUrl(ctx: Ctx, c: CredentialRecord, now: Date): Promise<string> {
  try {
    return await ctx.files.signedUrl(
      { key: c.fileKey, contentType: c.fileType, credentialId: c.id },
      { now, seconds: CREDENTIAL_FILE_URL_SECONDS },
    );
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw CredentialErrors.storeUnavailable();
  }
}

/** A credential as its chef (and, with the chef, operators) reads it, at `now`. */
export async function presentCredential(
  ctx: Ctx,
  c: CredentialRecord,
  now = ctx.now(),
): Promise<credentialsHttp.Credential> {
  return {
    id: c.id,
    type: c.type,
    number: c.number,
    issuer: c.issuer,
    expires_on: c.expiresOn,
    status: credentialStatusAt(c.status, c.expiresOn, now, credentialTimeZone(c.chefCity)),
    file_url: await fileUrl(ctx, c, now),
    file_type: c.fileType as CredentialFileType,
    reason: c.status === 'rejected' || c.status === 'revoked' ? c.reason : null,
    created_at: c.createdAt.toISOString(),
    decided_at: c.decidedAt?.toISOString() ?? null,
  };
}

export async function presentQueued(
  ctx: Ctx,
  c: QueuedCredential,
  now = ctx.now(),
): Promise<credentialsHttp.OpsCredential> {
  return {
    ...(await presentCredential(ctx, c, now)),
    chef_id: c.chefId,
    chef_name: c.chefName,
    chef_email: c.chefEmail,
  };
}

/** GET /credentials: the chef's own, newest first. */
export async function listOwnCredentials(ctx: IdentityContext, chefId: string) {
  const now = ctx.now();
  const rows = await credentialsOf(ctx.database, chefId);
  return { credentials: await Promise.all(rows.map((c) => presentCredential(ctx, c, now))) };
}

/** GET /ops/credentials?status=: the operators' queue (pending by default). */
export async function listCredentialQueue(ctx: IdentityContext, status: CredentialStatus = 'pending') {
  const now = ctx.now();
  const rows = await credentialQueue(ctx.database, status, now);
  return { credentials: await Promise.all(rows.map((c) => presentQueued(ctx, c, now))) };
}

/** One credential in the operators' words (after a decision). */
export async function queuedCredential(ctx: IdentityContext, id: string) {
  const row = await findQueued(ctx.database, id);
  if (!row) throw CredentialErrors.notFound();
  return { credential: await presentQueued(ctx, row) };
}

/**
 * GET /credential-files/{token}: the file a signed URL names, while it lasts. A token that is not ours reads as an
 * unknown credential (404); one whose time passed is 403 IDENTITY.FILE_LINK_EXPIRED.
 */
export async function readCredentialFile(
  ctx: IdentityContext,
  token: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  const read = readFileToken(ctx.fileUrlKey, token, ctx.now());
  if (!read.ok) throw read.why === 'expired' ? CredentialErrors.linkExpired() : CredentialErrors.notFound();
  const c = await findCredential(ctx.database, read.credentialId);
  if (!c) throw CredentialErrors.notFound();
  let bytes: Buffer | null;
  try {
    bytes = await ctx.files.read(c.fileKey);
  } catch {
    throw CredentialErrors.storeUnavailable();
  }
  if (!bytes) throw CredentialErrors.notFound();
  return { bytes, contentType: c.fileType };
}

/** The types that count now, in the list's order, of one chef's verified credentials. */
export function countingTypes(
  city: string | null,
  credentials: Array<{ type: CredentialType; expiresOn: string }>,
  now: Date,
): CredentialType[] {
  const zone = credentialTimeZone(city);
  const held = new Set(
    credentials.filter((c) => credentialCountsAt(c.expiresOn, now, zone)).map((c) => c.type),
  );
  return CREDENTIAL_TYPES.filter((t) => held.has(t));
}

/** When the soonest of these credentials stops counting (a kept search answer lasts until then). */
export function soonestEnd(
  city: string | null,
  credentials: Array<{ expiresOn: string }>,
  now: Date,
): number {
  const zone = credentialTimeZone(city);
  const ends = credentials
    .map((c) => credentialEndsAt(c.expiresOn, zone).getTime())
    .filter((t) => t > now.getTime());
  return ends.length ? Math.min(...ends) : Infinity;
}

/** Each profile with its `verified_credentials` (one query for any number: a page of search results). */
export async function withVerifiedCredentials<P extends { user_id: string }>(
  ctx: Pick<IdentityContext, 'database' | 'now'>,
  profiles: P[],
): Promise<Array<P & { verified_credentials: CredentialType[] }>> {
  const now = ctx.now();
  const held = await verifiedCredentialsOf(
    ctx.database,
    profiles.map((p) => p.user_id),
  );
  return profiles.map((p) => {
    const entry = held.get(p.user_id);
    return { ...p, verified_credentials: entry ? countingTypes(entry.city, entry.credentials, now) : [] };
  });
}
