import { sql } from '@brigade/kit';
import { newAccount, startIdentity, type Harness } from './harness';

// Names that mean what they show (issue 33): a chef's or a restaurant's name with characters that show nothing
// or turn the text around them, or with fewer than two visible characters, is a 400 with its code, and nothing
// is saved or announced. A name is kept in NFC.

describe('display names', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startIdentity();
  });
  afterAll(() => h.close());

  const chef = { name: 'Ana Ruiz', bio: 'Line cook', city: 'Minneapolis', skills: '["Line Cook"]' };
  const restaurant = {
    name: 'North Loop Kitchen',
    description: 'Seasonal plates',
    address: '100 Washington Ave N',
    city: 'Minneapolis',
    cuisineTypes: '["American"]',
  };

  const outboxCount = async (userId: string) =>
    Number(
      (
        await h.database.rows<{ n: string | number }>(
          sql`select count(*) as n from identity.outbox where payload->>'user_id' = ${userId}`,
        )
      )[0].n,
    );

  const BAD: Array<[string, string]> = [
    ['\u200B'.repeat(100), 'VALIDATION.INVISIBLE_CHARACTERS'],
    ['\u202EKitchen North', 'VALIDATION.INVISIBLE_CHARACTERS'],
    ['Ana\u2066 Ruiz', 'VALIDATION.INVISIBLE_CHARACTERS'],
    ['A', 'VALIDATION.NAME_TOO_SHORT'],
  ];

  test.each([
    ['chef', chef],
    ['restaurant', restaurant],
  ] as const)(
    'a %s profile with a bad name is a 400 with its code, at creation and in settings; nothing changes',
    async (type, fields) => {
      const signup = await h.post('/auth/signup', newAccount(type));
      const token = signup.body.session.access_token;
      const userId = signup.body.user.id;
      const path = `/profiles/${type}`;
      const before = await outboxCount(userId);
      // creation
      for (const [name, code] of BAD) {
        const refused = await h.post(path, { ...fields, name }, token);
        expect([name, refused.status, refused.body.code]).toEqual([name, 400, code]);
        expect(refused.body.error).toEqual(expect.any(String));
      }
      expect((await h.get('/profiles/me', token)).body.profile).toBeNull();
      // settings: an existing profile keeps its name
      expect((await h.post(path, fields, token)).status).toBe(200);
      const saved = await outboxCount(userId);
      expect(saved).toBeGreaterThan(before);
      for (const [name, code] of BAD) {
        const refused = await h.post(path, { name }, token);
        expect([name, refused.status, refused.body.code]).toEqual([name, 400, code]);
      }
      expect((await h.get('/profiles/me', token)).body.profile.name).toBe(fields.name);
      expect(await outboxCount(userId)).toBe(saved);
    },
  );

  test('a name typed with combining accents is kept composed (NFC), as the same name typed at once', async () => {
    const signup = await h.post('/auth/signup', newAccount('chef'));
    const token = signup.body.session.access_token;
    const saved = await h.post('/profiles/chef', { ...chef, name: 'Luci\u0301a Herna\u0301ndez' }, token);
    expect(saved.status).toBe(200);
    expect(saved.body.profile.name).toBe('Lucía Hernández');
    expect(saved.body.profile.name.length).toBe(15);
  });
});
