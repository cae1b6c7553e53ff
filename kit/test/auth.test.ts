import { randomUUID } from 'node:crypto';
import { verifyAccessToken } from '../src/auth';
import { MemoryRevocations } from '../src/revocations';
import { createTestAuth } from '../src/testing';

describe('access token checks', () => {
  test('a token answered from the cache still stops working when it expires', async () => {
    const auth = await createTestAuth();
    // `exp` is whole seconds after a whole-second `iat`: a token of 1 s could expire at once when a second turned
    // between signing and the first check (a loaded CI machine). One of 5 s is live for at least 4 s.
    const token = await auth.token({ type: 'chef' }, 5);
    await expect(verifyAccessToken(token, auth.keys, undefined)).resolves.toMatchObject({ type: 'chef' });
    await expect(verifyAccessToken(token, auth.keys, undefined)).resolves.toMatchObject({ type: 'chef' }); // cached
    await new Promise((r) => setTimeout(r, 5_100));
    await expect(verifyAccessToken(token, auth.keys, undefined)).rejects.toMatchObject({ status: 401 });
  });

  test('a token verified with one key set is not trusted by another', async () => {
    const a = await createTestAuth();
    const b = await createTestAuth();
    const token = await a.token({ type: 'restaurant' });
    await verifyAccessToken(token, a.keys, undefined);
    await expect(verifyAccessToken(token, b.keys, undefined)).rejects.toMatchObject({ status: 401 });
  });

  test('a token of an ended session is refused at once, even though its check was cached', async () => {
    const auth = await createTestAuth();
    const revocations = new MemoryRevocations();
    const sessionId = randomUUID();
    const token = await auth.token({ type: 'chef', sessionId });
    const other = await auth.token({ type: 'chef' });
    await expect(verifyAccessToken(token, auth.keys, revocations)).resolves.toMatchObject({ sessionId });
    await revocations.revoke(sessionId, Math.floor(Date.now() / 1000) + 900);
    await expect(verifyAccessToken(token, auth.keys, revocations)).rejects.toMatchObject({
      status: 401,
      code: 'AUTH.SESSION_REVOKED',
      message: 'Your session has ended. Please sign in again.',
    });
    // Another session of the same kind is untouched.
    await expect(verifyAccessToken(other, auth.keys, revocations)).resolves.toMatchObject({ type: 'chef' });
  });
});
