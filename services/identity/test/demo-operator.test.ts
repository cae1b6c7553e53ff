import { DEMO_OPERATOR, DEMO_PASSWORD, demoOperatorEnv } from '../../../scripts/seed';
import { startIdentity } from './harness';

describe("the embedded demo's operator", () => {
  test('only in the embedded default with demo data, and never over a configured operator', () => {
    expect(demoOperatorEnv({})).toEqual({
      OPERATOR_EMAIL: DEMO_OPERATOR.email,
      OPERATOR_PASSWORD: DEMO_PASSWORD,
    });
    expect(demoOperatorEnv({ OPERATOR_EMAIL: 'team@example.com', OPERATOR_PASSWORD: 'x' })).toEqual({});
    expect(demoOperatorEnv({ DATABASE_URL: 'postgres://db/brigade' })).toEqual({});
    expect(demoOperatorEnv({ BRIGADE_SEED: '0' })).toEqual({});
  });

  test('identity started with it lets the demo operator sign in with the demo password', async () => {
    const h = await startIdentity(demoOperatorEnv({}));
    try {
      const res = await h.post('/auth/signin', { email: DEMO_OPERATOR.email, password: DEMO_PASSWORD });
      expect(res).toMatchObject({ status: 200, body: { user: { user_type: 'operator' } } });
    } finally {
      await h.close();
    }
  });
});
