import { createHash } from 'node:crypto';

/** A weak ETag from the parts that determine a response (versions, reader, query). */
export function etagOf(kind: string, ...parts: Array<string | number | null | undefined>): string {
  const digest = createHash('sha1')
    .update(parts.map((p) => String(p ?? '')).join('\u0000'))
    .digest('base64url')
    .slice(0, 16);
  return `W/"${kind}-${digest}"`;
}
