import { verifyAccessToken } from '../src/auth';
import { createTestAuth } from '../src/testing';

describe('access token checks', () => {
  test('a token answered from the cache still stops working when it expires', async () => {
    const auth = await createTestAuth();
    const token = await auth.token({ type: 'chef' }, 1);
    await expect(verifyAccessToken(token, auth.keys)).resolves.toMatchObject({ type: 'chef' });
    await expect(verifyAccessToken(token, auth.keys)).resolves.toMatchObject({ type: 'chef' }); // cached
    await new Promise((r) => setTimeout(r, 2100));
    await expect(verifyAccessToken(token, auth.keys)).rejects.toMatchObject({ status: 401 });
  });

  test('a token verified with one key set is not trusted by another', async () => {
    const a = await createTestAuth();
    const b = await createTestAuth();
    const token = await a.token({ type: 'restaurant' });
    await verifyAccessToken(token, a.keys);
    await expect(verifyAccessToken(token, b.keys)).rejects.toMatchObject({ status: 401 });
  });
});
