import { LIMITS } from '@brigade/contracts';

export type ImageKind = { mime: string; ext: string };

/**
 * The type of an uploaded image from its bytes, never from its name or declared type. Only PNG, JPEG, GIF
 * and WebP are accepted, and a file that also carries markup or script (a polyglot) is refused.
 */
export function detectImage(bytes: Buffer): ImageKind | null {
  if (bytes.length < 12) return null;
  let kind: ImageKind | null = null;
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    kind = { mime: 'image/png', ext: 'png' };
  else if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    kind = { mime: 'image/jpeg', ext: 'jpg' };
  else if (/^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1')))
    kind = { mime: 'image/gif', ext: 'gif' };
  else if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    kind = { mime: 'image/webp', ext: 'webp' };
  if (!kind) return null;
  const text = bytes.toString('latin1').toLowerCase();
  if (/<(script|html|svg|iframe|body|\?php)|javascript:/.test(text)) return null;
  return kind;
}

export const IMAGE_MAX_BYTES = LIMITS.imageMaxBytes;
