import http from 'node:http';
import zlib from 'node:zlib';

/**
 * One HTTP request as `fetch(url, { method, headers, body, redirect: 'manual' })` sends it to the gateway and reads
 * its answer, on node:http: the headers fetch adds (`accept`, `accept-encoding: gzip, deflate` over http, a
 * `content-length` for a text body, 0 for a POST, PUT or PATCH without one), the body decoded as fetch decodes it,
 * redirects not followed. The suites' clients send tens of thousands of requests (hostile-input alone ~22,000):
 * fetch's WHATWG streams and objects cost about a tenth of such a suite's CPU. A body fetch alone encodes (a
 * FormData, a Blob) goes through fetch.
 */
export async function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | Buffer | FormData | Blob | undefined,
): Promise<{ status: number; headers: Headers; text: string }> {
  if (body !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body)) {
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }
  const sent: Record<string, string> = { accept: '*/*', 'accept-encoding': 'gzip, deflate' };
  for (const [name, value] of Object.entries(headers)) sent[name.toLowerCase()] = value;
  if (body !== undefined) sent['content-length'] ??= String(Buffer.byteLength(body));
  else if (['POST', 'PUT', 'PATCH'].includes(method.toUpperCase())) sent['content-length'] ??= '0';
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: sent, agent }, (res) => {
      const encoding = (res.headers['content-encoding'] ?? '').trim().toLowerCase();
      const decoded =
        encoding === 'gzip' || encoding === 'x-gzip'
          ? res.pipe(zlib.createGunzip())
          : encoding === 'deflate'
            ? res.pipe(zlib.createInflate())
            : encoding === 'br'
              ? res.pipe(zlib.createBrotliDecompress())
              : res;
      const chunks: Buffer[] = [];
      res.on('error', reject);
      decoded.on('error', reject);
      decoded.on('data', (chunk: Buffer) => chunks.push(chunk));
      decoded.on('end', () => {
        const answered = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          answered.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
        resolve({
          status: res.statusCode ?? 0,
          headers: answered,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Connections kept open between requests, as fetch's pool does. */
const agent = new http.Agent({ keepAlive: true });
