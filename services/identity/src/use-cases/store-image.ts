import { randomUUID } from 'node:crypto';
import type { Tx } from '@brigade/kit';
import { insertUpload } from '../db/uploads.repository';
import { detectImage, IMAGE_MAX_BYTES } from '../domain/images';
import { IdentityErrors } from '../domain/errors';

export interface UploadedFile {
  buffer: Buffer;
  size: number;
}

/** Check an uploaded image by its bytes and size, store it, and return its public URL. */
export async function storeImage(
  tx: Tx,
  ownerId: string,
  file: UploadedFile,
  kind: 'logo' | 'profile',
): Promise<string> {
  if (file.size > IMAGE_MAX_BYTES)
    throw kind === 'logo' ? IdentityErrors.logoTooLarge() : IdentityErrors.profileImageTooLarge();
  const image = detectImage(file.buffer);
  if (!image) throw IdentityErrors.imageType();
  const id = randomUUID();
  await insertUpload(tx, { id, ownerId, contentType: image.mime, bytes: file.buffer });
  return `/api/uploads/${id}.${image.ext}`;
}
