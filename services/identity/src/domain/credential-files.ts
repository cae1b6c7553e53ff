import { fileTypeFromBuffer } from 'file-type';
import { CREDENTIAL_FILE_TYPES, type CredentialFileType } from '@brigade/contracts';

/** The extension each accepted type is kept under. */
const EXTENSIONS: Record<CredentialFileType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'application/pdf': 'pdf',
};

/**
 * The type of a credential's file read from its bytes (file-type), never from its name or the type the browser
 * declared: an .exe renamed .pdf reads as a program and is refused. Null when it is not an accepted image or PDF.
 */
export async function detectCredentialFile(
  bytes: Buffer,
): Promise<{ mime: CredentialFileType; ext: string } | null> {
  const found = await fileTypeFromBuffer(bytes);
  const mime = found?.mime as CredentialFileType | undefined;
  if (!mime || !(CREDENTIAL_FILE_TYPES as readonly string[]).includes(mime)) return null;
  return { mime, ext: EXTENSIONS[mime] };
}

/** Where a credential's file is kept in the store: one folder per chef. */
export function credentialFileKey(chefId: string, credentialId: string, ext: string): string {
  return `credentials/${chefId}/${credentialId}.${ext}`;
}
