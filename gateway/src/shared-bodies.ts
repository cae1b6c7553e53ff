import { brotliCompress, constants, gzip } from 'node:zlib';
import { parseStampHeader } from '@brigade/kit';
import { ExpiringEntries } from './expiring-entries';

/**
 * The current body of a polled list that is the same for everyone in one audience (the service marks it
 * with SHARED_HEADER, e.g. the chefs' open list with shared=1): kept once per (audience, normalised URL),
 * with the version stamps it was built from, and compressed once (gzip and brotli) when kept. While the
 * stamps hold, the gateway answers that list's 200s itself (ADR 7): when a shift opens, the herd of chefs
 * refetching it costs one build in the jobs service and one answer from memory for each of the others.
 *
 * Never per-user: an entry is only served to a user whose own last answer for the URL, from the service,
 * carried the same audience mark (see RevalidationCache.admitted), and only while every stamp equals the
 * entry's version, so a body is never served once its list has a newer version.
 */
export interface SharedBody {
  etag: string;
  keys: string[];
  versions: string[];
  expiresAt: number;
  contentType: string;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

export type Encoding = 'br' | 'gzip' | null;

/** A service's answer as either proxy reads it: its status and its headers (lower-case names). */
export interface ServiceAnswer {
  statusCode?: number;
  headers: Record<string, string | string[] | undefined>;
}

/** A body being kept as the proxy passes it on: each chunk as it comes, then its end (whole or cut). */
export interface BodyCapture {
  chunk(data: Buffer): void;
  end(complete: boolean): void;
}

/** A body larger than this is not kept (the openings list of 50 shifts is ~46 KB). */
const MAX_BODY_BYTES = 512 * 1024;

export class SharedBodies {
  private readonly entries: ExpiringEntries<SharedBody>;

  constructor(
    private readonly maxAgeCapMs: number,
    // One per (audience, URL): with chefs' homes (issue 32) an audience is the chefs of one ZIP or 0.01-degree
    // square and radius, so more are live at once than one per city (ADR 22); ~65 KB each for 50 shifts.
    maxEntries = 256,
  ) {
    this.entries = new ExpiringEntries(maxEntries);
  }

  /** The entry for this audience and URL, or null (expired entries are dropped). */
  get(audience: string, url: string, now = Date.now()): SharedBody | null {
    return this.entries.get(sharedKey(audience, url), now);
  }

  /**
   * Keep a service's 200 marked shared once its body has been read (alongside the proxy's own passing on):
   * the proxy feeds the capture each chunk and the end; null when the answer cannot be kept.
   */
  capture(audience: string, url: string, answer: ServiceAnswer, stampHeader: string): BodyCapture | null {
    const { etag, 'content-type': type } = answer.headers;
    const parsed = parseStampHeader(stampHeader);
    if (typeof etag !== 'string' || !parsed || answer.headers['content-encoding']) return null;
    const contentType = typeof type === 'string' ? type : 'application/json; charset=utf-8';
    const chunks: Buffer[] = [];
    let size = 0;
    return {
      chunk: (data) => {
        size += data.length;
        if (size <= MAX_BODY_BYTES) chunks.push(data);
      },
      end: (complete) => {
        if (size > MAX_BODY_BYTES || !complete) return;
        this.keep(audience, url, {
          etag,
          keys: parsed.keys,
          versions: parsed.versions,
          expiresAt: Date.now() + Math.min(parsed.maxAgeMs, this.maxAgeCapMs),
          contentType,
          body: Buffer.concat(chunks, size),
        });
      },
    };
  }

  keep(audience: string, url: string, entry: SharedBody) {
    this.entries.set(sharedKey(audience, url), entry);
    // Compressed once per version, off the event loop; until then the entry is served uncompressed.
    gzip(entry.body, { level: 6 }, (err, out) => {
      if (!err) entry.gzip = out;
    });
    brotliCompress(
      entry.body,
      {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 6,
          [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      },
      (err, out) => {
        if (!err) entry.br = out;
      },
    );
  }

  get size() {
    return this.entries.size;
  }
}

/** The audience and the URL with its query parameters sorted (same parameters, same entry). */
export function sharedKey(audience: string, url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return `${audience} ${url}`;
  const params = new URLSearchParams(url.slice(q + 1));
  params.sort();
  return `${audience} ${url.slice(0, q)}?${params.toString()}`;
}

/** The encoding to answer with: brotli, then gzip, when the client accepts it (q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return null;
  let gzipOk = false;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    if (name.trim() === 'br') return 'br';
    if (name.trim() === 'gzip') gzipOk = true;
  }
  return gzipOk ? 'gzip' : null;
}
