import { randomUUID } from 'node:crypto';
import {
  CREDENTIAL_FILE_MAX_BYTES,
  CREDENTIAL_PENDING_MAX,
  credentialsHttp,
  credentialTimeZone,
  expiryDateRefusal,
  isCredentialType,
} from '@brigade/contracts';
import { inTransaction, parse } from '@brigade/kit';
import type { IdentityContext } from '../context';
import { chefCityOf, countPendingOf, findCredential, insertCredential } from '../db/credentials.repository';
import { CredentialErrors } from '../domain/credential-errors';
import { credentialFileKey, detectCredentialFile } from '../domain/credential-files';
import { presentCredential } from '../queries/credential-views';

/** The uploaded file as the form's parser hands it over. */
export interface CredentialFile {
  buffer: Buffer;
  size: number;
}

/**
 * A chef adds a credential (issue 39): its type, number, issuer and expiry date, and a photo or PDF of it. Every
 * check comes before anything is kept, so a refusal stores nothing: an unknown type (400
 * IDENTITY.CREDENTIAL_TYPE), a field out of bounds (400), no file (400 IDENTITY.CREDENTIAL_FILE_REQUIRED), over 5 MB
 * (413 IDENTITY.CREDENTIAL_FILE_TOO_LARGE), bytes that are not an image or a PDF whatever the name says (415
 * IDENTITY.CREDENTIAL_FILE_TYPE: an .exe renamed .pdf), an expiry date today or earlier in the chef's city (400
 * IDENTITY.CREDENTIAL_EXPIRED_DATE), CREDENTIAL_PENDING_MAX already waiting (409). Then the file goes to the store
 * (503 IDENTITY.FILE_STORE_UNAVAILABLE when it cannot be reached) and the credential is kept, pending, for an
 * operator; a row that could not be written takes its file away again.
 */
export async function addCredential(
  ctx: IdentityContext,
  chefId: string,
  fields: Record<string, unknown>,
  file: CredentialFile | undefined,
) {
  if (!isCredentialType(typeof fields.type === 'string' ? fields.type.trim() : fields.type))
    throw CredentialErrors.unknownType();
  const form = parse(credentialsHttp.CredentialForm, fields);
  if (!file || file.size === 0) throw CredentialErrors.fileRequired();
  if (file.size > CREDENTIAL_FILE_MAX_BYTES) throw CredentialErrors.fileTooLarge();
  const kind = await detectCredentialFile(file.buffer);
  if (!kind) throw CredentialErrors.fileType();
  const now = ctx.now();
  const zone = credentialTimeZone(await chefCityOf(ctx.database, chefId));
  if (expiryDateRefusal(form.expires_on, now, zone)) throw CredentialErrors.expiredDate();
  if ((await countPendingOf(ctx.database, chefId, now)) >= CREDENTIAL_PENDING_MAX)
    throw CredentialErrors.tooManyPending();

  const id = randomUUID();
  const fileKey = credentialFileKey(chefId, id, kind.ext);
  try {
    await ctx.files.put(fileKey, file.buffer, kind.mime);
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message, store: ctx.files.kind }, 'credential file not stored');
    throw CredentialErrors.storeUnavailable();
  }
  try {
    await inTransaction(ctx, (tx) =>
      insertCredential(ctx.database, tx, {
        id,
        chefId,
        type: form.type,
        number: form.number,
        issuer: form.issuer,
        expiresOn: form.expires_on,
        fileKey,
        fileType: kind.mime,
        fileBytes: file.size,
        createdAt: now,
      }),
    );
  } catch (err) {
    await ctx.files.remove(fileKey).catch(() => undefined);
    throw err;
  }
  const stored = await findCredential(ctx.database, id);
  return { credential: await presentCredential(ctx, stored!, now) };
}
