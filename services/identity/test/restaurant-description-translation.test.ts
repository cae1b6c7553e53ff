import type { EventEnvelope, EventData } from '@brigade/contracts';
import { eventually } from '@brigade/kit/testing';
import { newAccount, startIdentity, type Harness } from './harness';

// Issue 32: a restaurant's description reaches chefs of the other language translated, marked so. Identity
// asks messaging to translate each new version (identity.text.written.v1) and keeps the answer
// (messaging.text.translated.v1) beside that version; the profile gives readers the original's language and
// the translation. Messaging is played here by publishing its answer.

let h: Harness;
const asked: Array<EventData<'identity.text.written.v1'>> = [];
beforeAll(async () => {
  h = await startIdentity();
  await h.testBus.bus.subscribe({
    queue: 'identity-test.texts',
    types: ['identity.text.written.v1'],
    handler: async (e: EventEnvelope) => void asked.push(e.data as EventData<'identity.text.written.v1'>),
  });
});
afterAll(async () => {
  await h?.close();
});

async function account(type: 'chef' | 'restaurant', language: 'en' | 'es') {
  const res = await h.post('/auth/signup', newAccount(type, { languagePreference: language }));
  expect(res.status).toBe(201);
  return { token: res.body.session.access_token as string, id: res.body.session.user.id as string };
}

const profile = (description: string) => ({
  name: 'Taquería Lupita',
  description,
  address: '1 Lake St',
  city: 'Minneapolis',
  cuisineTypes: '["Mexican"]',
});

async function answer(id: string, writtenAt: string, text: string) {
  await h.publish('messaging.text.translated.v1', {
    owner: 'identity',
    kind: 'restaurant_description',
    id,
    written_at: writtenAt,
    job_id: null,
    original_language: 'es',
    translated_text: text,
    translated_language: 'en',
    provider: 'apertium',
  });
}

test('a Spanish description reaches an English-speaking chef in English; a new one is translated anew', async () => {
  const restaurant = await account('restaurant', 'es');
  const chef = await account('chef', 'en');
  const saved = await h.post(
    '/profiles/restaurant',
    profile('Somos una taquería familiar.'),
    restaurant.token,
  );
  expect(saved.status).toBe(200);
  const first = await eventually(() => {
    const found = asked.filter((a) => a.id === restaurant.id);
    expect(found).toHaveLength(1);
    return found[0];
  });
  expect(first).toMatchObject({
    owner: 'identity',
    kind: 'restaurant_description',
    text: 'Somos una taquería familiar.',
    language: 'es',
    job_id: null,
  });
  const before = await h.get(`/profiles/restaurant/${restaurant.id}`, chef.token);
  expect(before.body.profile.description_translation).toEqual({
    language: 'es',
    translated_text: null,
    translated_language: null,
  });

  await answer(restaurant.id, first.written_at, 'We are a family taquería.');
  await eventually(async () => {
    const seen = await h.get(`/profiles/restaurant/${restaurant.id}`, chef.token);
    expect(seen.body.profile).toMatchObject({
      description: 'Somos una taquería familiar.',
      description_translation: {
        language: 'es',
        translated_text: 'We are a family taquería.',
        translated_language: 'en',
      },
    });
  });

  // Other fields change: the description and its translation stay, nothing is asked again.
  await h.post('/profiles/restaurant', { address: '2 Lake St' }, restaurant.token);
  const kept = await h.get(`/profiles/restaurant/${restaurant.id}`, chef.token);
  expect(kept.body.profile.description_translation.translated_text).toBe('We are a family taquería.');
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(asked.filter((a) => a.id === restaurant.id)).toHaveLength(1);

  // A new description: asked again, the old translation no longer shown, a late answer for it ignored.
  await h.post(
    '/profiles/restaurant',
    { description: 'Cocina mexicana de familia desde 1998.' },
    restaurant.token,
  );
  const second = await eventually(() => {
    const found = asked.filter((a) => a.id === restaurant.id);
    expect(found).toHaveLength(2);
    return found[1];
  });
  expect(second.text).toBe('Cocina mexicana de familia desde 1998.');
  await answer(restaurant.id, first.written_at, 'We are a family taquería.');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const pending = await h.get(`/profiles/restaurant/${restaurant.id}`, chef.token);
  expect(pending.body.profile.description_translation).toEqual({
    language: 'es',
    translated_text: null,
    translated_language: null,
  });
  await answer(restaurant.id, second.written_at, 'Mexican family cooking since 1998.');
  await eventually(async () => {
    const seen = await h.get(`/profiles/restaurant/${restaurant.id}`, chef.token);
    expect(seen.body.profile.description_translation.translated_text).toBe(
      'Mexican family cooking since 1998.',
    );
  });
  // the restaurant's own view carries it too
  const own = await h.get('/profiles/restaurant', restaurant.token);
  expect(own.body.profile.description_translation.translated_text).toBe('Mexican family cooking since 1998.');
});
