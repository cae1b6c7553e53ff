import { exportJWK, generateKeyPair, importJWK, type JSONWebKeySet, type JWK } from 'jose';
import { localKeys, type KeySource, type SigningKey } from '@brigade/kit';
import type { Database } from '@brigade/kit';
import { signingKeysWithFirst } from './db/signing-keys.repository';

export interface KeyRing {
  signing: SigningKey;
  jwks: JSONWebKeySet;
  keys: KeySource;
  /**
   * Issue 39: secret bytes every instance reads alike (the first signing key's private part), from which the
   * file store's URL signatures derive their key (domain/file-tokens.ts). Never sent anywhere.
   */
  sharedSecret: Buffer;
}

/**
 * The Ed25519 key that signs access tokens. Created once and kept in the identity database, so every
 * instance signs with the same key and tokens survive restarts; the public half is served as a JWKS.
 */
export async function loadKeyRing(database: Database): Promise<KeyRing> {
  const rows = await signingKeysWithFirst(database, async () => {
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const kid = `brigade-${Date.now().toString(36)}`;
    return {
      kid,
      privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'EdDSA' },
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' },
    };
  });
  const newest = rows[rows.length - 1];
  const privateKey = await importJWK(newest.privateJwk as JWK, 'EdDSA');
  const jwks = { keys: rows.map((r) => r.publicJwk as JWK) };
  const sharedSecret = Buffer.from(String((rows[0].privateJwk as JWK).d), 'base64url');
  return { signing: { kid: newest.kid, privateKey }, jwks, keys: localKeys(jwks), sharedSecret };
}
