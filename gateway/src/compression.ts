import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import vary from 'vary';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  gzip,
  gzipSync,
  type BrotliOptions,
  type ZlibOptions,
} from 'node:zlib';
import { preferredEncoding } from './shared-bodies';

/**
 * Answers compressed for the clients that accept it (ADR 21): brotli when the client accepts it, else gzip,
 * for compressible types (JSON, HTML, JS, CSS, calendars; never images) of at least a kilobyte, with
 * `Vary: Accept-Encoding`. The shared openings list is not compressed here: the gateway keeps it compressed
 * once per version (shared-bodies.ts) and answers it itself.
 *
 * Two settings, measured on a 17 KB applications list and a 625 KB script (tests/load/README.md):
 * - the API's answers are each user's own and made once per change (an unchanged poll is a 304), so each is
 *   compressed once, as it is sent: the fastest levels (brotli 1: 17,195 -> 2,444 bytes in ~55-70 us; gzip
 *   1: 2,488 bytes in ~100 us), as nginx's default `gzip_comp_level 1` does;
 * - the web app's files are the same for everyone and cached by the browser (a year for hashed assets): the
 *   `compression` package's default levels (brotli 4, gzip 6), ~13% smaller than the fastest for scripts.
 */
export const THRESHOLD_BYTES = 1024;
const API_BROTLI_QUALITY = 1;
const API_GZIP_LEVEL = 1;

export interface Compressions {
  /** For `/api` answers on the Express path. */
  api: RequestHandler;
  /** For the web app's files and pages (index.html, assets). */
  files: RequestHandler;
}

/** The Express path's two compression middlewares; with `enabled` false both pass every answer as it is. */
export function compressions(enabled: boolean): Compressions {
  if (!enabled) {
    const through: RequestHandler = (_req, _res, next) => next();
    return { api: through, files: through };
  }
  return {
    api: compression({
      threshold: THRESHOLD_BYTES,
      level: API_GZIP_LEVEL,
      brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY } },
    }),
    files: compression({ threshold: THRESHOLD_BYTES }),
  };
}

/** `Cache-Control: no-transform`, as the `compression` middleware reads it (it does not export its check). */
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const GZIP_OPTIONS: ZlibOptions = { level: API_GZIP_LEVEL };

/** `Vary: Accept-Encoding` added to an answer's own Vary, as the `compression` middleware adds it. */
export function varyOnEncoding(res: ServerResponse): void {
  vary(res, 'Accept-Encoding');
}

/** The lean path's compression: at most this much is compressed on the event loop (~1 ms at brotli 1). */
const SYNC_MAX_BYTES = 256 * 1024;
/** A longer answer is passed on as it comes, uncompressed (never held whole in memory). */
export const MAX_BYTES = 8 * 1024 * 1024;

/**
 * The lean path's compression of a polled GET's answer (ADR 17, 21): the same choice as the Express path's
 * middleware (its type, size, `Cache-Control: no-transform`, an answer already encoded, brotli then gzip by
 * `Accept-Encoding`, `Vary: Accept-Encoding` on every compressible answer), but the answer is compressed in
 * one call when it has all come, and sent in one write with its length: a streaming compressor per answer
 * (the middleware) cost the gateway ~0.4 ms more per 17 KB answer, a one-shot call ~0.06 ms; compressing on
 * the thread pool costs ~0.25 ms of hand-over per answer on our machines, so up to 256 KB it is done on the
 * event loop.
 */
export class AnswerCompression {
  constructor(readonly enabled: boolean) {}

  /**
   * Given the answer with the service's status and headers set (not yet sent), the encoding to compress it with,
   * or null to send it as it comes; adds `Vary: Accept-Encoding` whenever the answer could have been compressed.
   * The type is judged by the middleware's own filter. An answer of unknown length may still turn out shorter
   * than THRESHOLD_BYTES or longer than MAX_BYTES: the caller then sends it as it is.
   */
  choose(req: IncomingMessage, res: ServerResponse): 'br' | 'gzip' | null {
    if (!this.enabled || res.statusCode === 204 || res.statusCode === 304) return null;
    if (!compression.filter(req as Request, res as Response)) return null;
    if (NO_TRANSFORM.test(String(res.getHeader('cache-control') ?? ''))) return null;
    varyOnEncoding(res);
    const length = res.getHeader('content-length');
    if (length !== undefined && !(Number(length) >= THRESHOLD_BYTES && Number(length) <= MAX_BYTES))
      return null;
    const encoding = res.getHeader('content-encoding');
    if (encoding !== undefined && encoding !== 'identity') return null;
    return preferredEncoding(req.headers['accept-encoding']);
  }

  /** The answer's body compressed at the API's levels; `done` may be called before this returns (a short body). */
  static compress(encoding: 'br' | 'gzip', body: Buffer, done: (err: Error | null, out?: Buffer) => void) {
    if (body.length > SYNC_MAX_BYTES) {
      if (encoding === 'br') brotliCompress(body, brotliOptions(body.length), done);
      else gzip(body, GZIP_OPTIONS, done);
      return;
    }
    let out: Buffer;
    try {
      out =
        encoding === 'br'
          ? brotliCompressSync(body, brotliOptions(body.length))
          : gzipSync(body, GZIP_OPTIONS);
    } catch (err) {
      return done(err as Error);
    }
    done(null, out);
  }
}

/** The API's brotli options for a body of `length` bytes. */
function brotliOptions(length: number): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: length,
      // A window no larger than the body (at least 64 KB): the same bytes, less to set up (~94 -> ~58 us
      // for 17 KB).
      [constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(length)))),
    },
  };
}
