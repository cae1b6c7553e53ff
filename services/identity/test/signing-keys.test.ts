import { jwtVerify, SignJWT } from 'jose';
import { sql } from '@brigade/kit';
import { createTestDatabase, type TestDatabase } from '@brigade/kit/testing';
import { loadMigrations } from '../src/app';
import { loadKeyRing } from '../src/keys';

// Identity instances starting together on a new database (a first deployment with several replicas) keep one
// signing key between them: a token any of them signs, every one of them accepts.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('identity', await loadMigrations());
});
afterAll(async () => {
  await database?.destroy();
});

test('instances starting together keep one signing key and accept each other tokens', async () => {
  const rings = await Promise.all(Array.from({ length: 6 }, () => loadKeyRing(database)));
  const kept = await database.rows<{ kid: string }>(sql`select kid from identity.signing_keys`);
  expect(kept).toHaveLength(1);
  for (const signer of rings) {
    expect(signer.signing.kid).toBe(kept[0].kid);
    const token = await new SignJWT({ user_type: 'chef' })
      .setProtectedHeader({ alg: 'EdDSA', kid: signer.signing.kid })
      .setSubject('someone')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(signer.signing.privateKey);
    for (const verifier of rings) await expect(jwtVerify(token, verifier.keys)).resolves.toBeTruthy();
  }
  // A restart finds the key kept and signs with it.
  expect((await loadKeyRing(database)).signing.kid).toBe(kept[0].kid);
});
