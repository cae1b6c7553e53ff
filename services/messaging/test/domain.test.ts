import { etagOf } from '../src/domain/etag';
import { baseLanguage, detectLanguage, hasWords } from '../src/domain/language';
import { viewFor } from '../src/domain/message-view';

// Pure rules: which language a message was written in, what each reader sees, when a poll is unchanged.

test('a clear sentence is detected; a short or ambiguous one takes the sender’s language', async () => {
  expect(await detectLanguage('Hola, ¿estás disponible mañana por la tarde?', 'en')).toBe('es');
  expect(await detectLanguage('Can you bring your own knives?', 'es')).toBe('en');
  expect(await detectLanguage('Hello', 'en')).toBe('en'); // tinyld alone would say Spanish
  expect(await detectLanguage('ok', 'es')).toBe('es');
  expect(hasWords('👍 5:30')).toBe(false);
  expect(baseLanguage('es-419')).toBe('es');
});

test('the recipient sees the stored translation; the sender always sees what they wrote', () => {
  const stored = {
    id: 'm1',
    job_id: 'j1',
    chef_id: 'chef',
    seq: 1,
    sender_id: 'rest',
    recipient_id: 'chef',
    original_content: 'See you at 6',
    original_language: 'en',
    translated_content: 'Nos vemos a las 6',
    translated_language: 'es',
    created_at: '2026-01-01T10:00:00.000Z',
  };
  expect(viewFor('chef', stored)).toMatchObject({
    content: 'Nos vemos a las 6',
    was_translated: true,
    is_from_current_user: false,
  });
  expect(viewFor('rest', stored)).toMatchObject({
    content: 'See you at 6',
    was_translated: false,
    is_from_current_user: true,
  });
});

test('thread tags are weak and change with any of their parts', () => {
  const tag = etagOf('t', 'thread', 3, 'reader');
  expect(tag).toMatch(/^W\/"t-/);
  expect(etagOf('t', 'thread', 4, 'reader')).not.toBe(tag);
  expect(etagOf('t', 'thread', 3, 'other reader')).not.toBe(tag);
});
