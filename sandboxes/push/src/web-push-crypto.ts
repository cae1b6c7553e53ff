import {
  createECDH,
  createPublicKey,
  hkdfSync,
  createDecipheriv,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';

// The browser's side of Web Push, with node:crypto only: a subscription's keys, the message encryption of
// RFC 8291 (aes128gcm, RFC 8188) read back, and the VAPID token of RFC 8292 checked.

/** A subscription's private half, as a browser keeps it: its ECDH P-256 key pair and 16-byte auth secret. */
export interface BrowserKeys {
  ecdh: ECDH;
  /** The uncompressed public point (65 bytes), the subscription's `p256dh`. */
  publicKey: Buffer;
  auth: Buffer;
}

export function newBrowserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  return { ecdh, publicKey, auth: randomBytes(16) };
}

const info = (label: string) => Buffer.concat([Buffer.from(`Content-Encoding: ${label}`), Buffer.from([0])]);

/**
 * Decrypt an aes128gcm Web Push body (RFC 8291 §3.4, RFC 8188 §2): the header (salt, record size, the
 * sender's ephemeral public key), ECDH with the subscription's key, HKDF with its auth secret, one AES-128-GCM
 * record whose padding ends at the 0x02 delimiter. Throws when it cannot.
 */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  if (body.length < 21 + 65 + 17) throw new Error('too short for an aes128gcm body');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  if (idLength !== 65) throw new Error('the key id is not a P-256 public key');
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error('more than one record');
  const shared = keys.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0 || padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export interface VapidClaims {
  aud: string;
  sub: string;
  exp: number;
  /** The application server's public key (`k`), base64url. */
  key: string;
}

export class VapidError extends Error {
  constructor(
    readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Check a request's `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): an ES256 JWT signed by the key in `k`,
 * for this push service's origin (`aud`), not expired and for at most 24 hours, with a contact (`sub`).
 */
export function checkVapid(header: string | undefined, origin: string, nowSeconds: number): VapidClaims {
  const m = header?.match(/^vapid\s+(.+)$/i);
  if (!m) throw new VapidError(401, 'missing VAPID authorization (vapid t=..., k=...)');
  const params = Object.fromEntries(
    m[1].split(',').map((p) => {
      const at = p.indexOf('=');
      return [p.slice(0, at).trim(), p.slice(at + 1).trim()];
    }),
  );
  const token = params.t ?? '';
  const key = params.k ?? '';
  const [head, claims, signature] = token.split('.');
  if (!head || !claims || !signature) throw new VapidError(401, 'the VAPID token is not a JWT');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new VapidError(401, 'k is not a P-256 public key');
  let publicKey;
  try {
    publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
  } catch {
    throw new VapidError(401, 'k is not a point on P-256');
  }
  let header_: { alg?: string };
  let payload: { aud?: unknown; sub?: unknown; exp?: unknown };
  try {
    header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
  } catch {
    throw new VapidError(401, 'the VAPID token is not readable');
  }
  if (header_.alg !== 'ES256') throw new VapidError(401, 'the VAPID token is not ES256');
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new VapidError(403, 'the VAPID token is not signed by k');
  if (payload.aud !== origin) throw new VapidError(403, `the VAPID audience is not ${origin}`);
  if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds || payload.exp > nowSeconds + 86_400)
    throw new VapidError(403, 'the VAPID token is expired or lives more than 24 hours');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub))
    throw new VapidError(403, 'the VAPID subject is not a mailto: or https: contact');
  return { aud: payload.aud, sub: payload.sub, exp: payload.exp, key };
}
