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
 *   1: 2,488 bytes in ~100 us), as nginx's default `gzip_comp_level 1` does. Each is held until it has all
 *   come and compressed in one call (`AnswerCompression`), on the lean path and on the Express path alike;
 * - the web app's files are the same for everyone and cached by the browser (a year for hashed assets): the
 *   `compression` package's default levels (brotli 4, gzip 6), ~13% smaller than the fastest for scripts, as
 *   they are read from disk.
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
    api: heldCompression(new AnswerCompression(true)),
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

/** An answer `AnswerCompression.sendWhole` sends: its response, how its body is written, what a failure does. */
export interface WholeAnswer {
  res: ServerResponse;
  end(body: Buffer): void;
  failed(err: Error | null): void;
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

  /**
   * An answer held whole (`parts`) sent: as it is when shorter than THRESHOLD_BYTES (its length was not
   * announced), else compressed in one call and sent with its `Content-Encoding` and `Content-Length` (a proxied
   * answer's own `Transfer-Encoding` taken off). A client gone meanwhile is sent nothing.
   */
  static sendWhole(answer: WholeAnswer, encoding: 'br' | 'gzip', parts: Buffer[]): void {
    const body = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    if (body.length < THRESHOLD_BYTES) return answer.end(body);
    AnswerCompression.compress(encoding, body, (err, out) => {
      const { res } = answer;
      if (res.destroyed) return;
      if (err || !out) return answer.failed(err);
      res.setHeader('content-encoding', encoding);
      res.setHeader('content-length', out.length);
      res.removeHeader('transfer-encoding');
      answer.end(out);
    });
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

type Callback = (err?: Error | null) => void;
type LooseWrite = (chunk: unknown, encoding?: unknown, cb?: unknown) => boolean;
type LooseEnd = (chunk?: unknown, encoding?: unknown, cb?: unknown) => ServerResponse;
type LooseWriteHead = (statusCode: number, ...rest: unknown[]) => ServerResponse;

/**
 * The Express path's compression of the API's answers (ADR 21): the same choice as the lean path's (`choose`),
 * and the same one-shot compression. An answer the client may have compressed is held until it ends, then
 * compressed in one call and sent in one write with its length: a streaming compressor per answer (the
 * `compression` middleware) cost ~210 us of CPU (brotli) and ~520 us (gzip) per 1.6 KB answer, one call ~43 and
 * ~30 us. An answer longer than MAX_BYTES is passed on as it comes, uncompressed, from there on. HEAD requests,
 * and answers `choose` declines (a 304, an image, `no-transform`, a short or already encoded one), go through as
 * they are written. While held, the answer counts as begun (`headersSent`): an error after part of a body
 * never writes a second answer into it.
 */
export function heldCompression(compression: AnswerCompression): RequestHandler {
  return (req, res, next) => {
    if (compression.enabled && req.method !== 'HEAD') holdAnswer(req, res, compression);
    next();
  };
}

/** The answers held now, each with what drops what it holds (`dropHeld`). */
const held = new WeakMap<ServerResponse, () => void>();

/**
 * When the answer is held by `heldCompression` (nothing of it on the wire yet), drop what it holds and let it be
 * answered afresh, e.g. with the gateway's own error when its service failed mid-answer: true. False when
 * something of it was sent (or nothing was held).
 */
export function dropHeld(res: ServerResponse): boolean {
  const drop = held.get(res); // while held, nothing was written: its status and headers neither
  if (!drop) return false;
  drop();
  return true;
}

function holdAnswer(req: IncomingMessage, res: ServerResponse, compression: AnswerCompression) {
  const write = res.write as unknown as LooseWrite;
  const end = res.end as unknown as LooseEnd;
  const writeHead = res.writeHead as unknown as LooseWriteHead;
  let decided = false;
  let encoding: 'br' | 'gzip' | null = null;
  let parts: Buffer[] = [];
  let kept = 0;

  const restore = () => {
    encoding = null;
    held.delete(res);
    Object.assign(res, { write, end, writeHead });
    delete (res as { headersSent?: boolean }).headersSent;
  };
  const decide = () => {
    decided = true;
    encoding = compression.choose(req, res);
    if (!encoding) return restore();
    // Held: the answer has begun, though nothing is on the wire yet.
    held.set(res, () => {
      parts = [];
      kept = 0;
      decided = false;
      restore();
    });
    Object.defineProperty(res, 'headersSent', { configurable: true, get: () => held.has(res) });
    res.once('close', () => void (parts = [])); // the client went away: nothing is sent
  };
  const hold = (chunk: unknown, enc: unknown) => {
    if (chunk === undefined || chunk === null) return;
    const part = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : Buffer.from(String(chunk), typeof enc === 'string' ? (enc as BufferEncoding) : 'utf8');
    parts.push(part);
    kept += part.length;
  };

  // A status and headers written before the body become the answer's own, sent with it.
  const heldWriteHead: LooseWriteHead = (statusCode, ...rest) => {
    if (decided) return writeHead.call(res, statusCode, ...rest);
    res.statusCode = statusCode;
    let headers = rest[0];
    if (typeof headers === 'string') {
      res.statusMessage = headers;
      headers = rest[1];
    }
    if (Array.isArray(headers))
      for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1]);
    else if (headers && typeof headers === 'object')
      for (const [name, value] of Object.entries(headers))
        if (value !== undefined) res.setHeader(name, value);
    return res;
  };
  const heldWrite: LooseWrite = (chunk, enc, cb) => {
    if (!decided) decide();
    if (!encoding) return write.call(res, chunk, enc, cb);
    hold(chunk, enc);
    const done = (typeof enc === 'function' ? enc : cb) as Callback | undefined;
    if (done) process.nextTick(done);
    if (kept <= MAX_BYTES) return true;
    // Longer than any answer worth holding: sent as it comes from here on.
    const sofar = parts;
    parts = [];
    restore();
    let more = true;
    for (const part of sofar) more = write.call(res, part);
    return more;
  };
  const heldEnd: LooseEnd = (chunk, enc, cb) => {
    if (!decided) decide();
    if (!encoding) return end.call(res, chunk, enc, cb);
    let done = cb as Callback | undefined;
    if (typeof chunk === 'function') [done, chunk] = [chunk as Callback, undefined];
    else if (typeof enc === 'function') [done, enc] = [enc as Callback, undefined];
    hold(chunk, enc);
    const [whole, chosen] = [parts, encoding];
    parts = [];
    restore();
    AnswerCompression.sendWhole(
      { res, end: (body) => end.call(res, body, done), failed: () => res.destroy() },
      chosen,
      whole,
    );
    return res;
  };
  Object.assign(res, { write: heldWrite, end: heldEnd, writeHead: heldWriteHead });
}
